import { useState } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { LISTED_WIDTH, mediaPath } from "@common/media";
import { type MediaItem, mediaApi } from "../../staff-api/media";
import { loadCall } from "../api";
import { DateTime } from "../components/date-time";
import { PageHeading } from "../components/page-heading";
import { PictureUpload } from "../components/picture-upload";
import { Section } from "../components/section";
import { StaffName } from "../components/staff-name";
import { loadTeam } from "./content-list";

export async function mediaLoader({ request }: LoaderFunctionArgs) {
  const [{ items }, team] = await Promise.all([
    loadCall(request, mediaApi.list),
    loadTeam(request),
  ]);
  return { items, team };
}

/**
 * The Markdown that shows a picture in an article, a case study or a position: its page size,
 * with a description to write in place of the words in brackets.
 */
export const markdownOf = (picture: Pick<MediaItem, "id">) =>
  `![describe the picture](${mediaPath(picture.id, LISTED_WIDTH, "webp")})`;

/**
 * The pictures for the site's pages and the e-mails: upload one (the server keeps it in the
 * sizes the pages ask for, without where and with what it was taken), and the library, newest
 * first, each with its thumbnail, name and the Markdown to paste, with a button that copies it.
 */
export function MediaPage() {
  const loaded = useLoaderData<typeof mediaLoader>();
  const [items, setItems] = useState(loaded.items);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy(picture: MediaItem) {
    try {
      await navigator.clipboard.writeText(markdownOf(picture));
      setCopied(`The Markdown of ${picture.name} is copied. Paste it where the picture goes.`);
    } catch {
      setCopied("The browser did not let the console copy: select the Markdown and copy it.");
    }
  }

  return (
    <section>
      <PageHeading title="Pictures" />
      <p className="mb-6 max-w-prose text-muted">
        Pictures for articles, case studies and e-mails. Paste a picture's Markdown into a Markdown
        field, then replace “describe the picture” with what it shows, for people who cannot see it.
      </p>
      <Section id="upload" title="Upload" className="mb-8 max-w-prose">
        <PictureUpload onUploaded={(picture) => setItems((all) => [picture, ...all])} />
      </Section>
      <Section id="library" title="Library">
        <div role="status" className="mb-2">
          {copied ? <p>{copied}</p> : null}
        </div>
        {items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-4">No pictures yet.</p>
        ) : (
          <ul
            aria-labelledby="library-heading"
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {items.map((picture) => (
              <li key={picture.id} className="space-y-2 rounded-md border border-gray-300 p-3">
                <img
                  src={mediaPath(picture.id, 480, "webp")}
                  alt=""
                  width={480}
                  height={Math.round((480 * picture.height) / Math.max(picture.width, 1))}
                  loading="lazy"
                  className="h-auto w-full rounded bg-gray-100"
                />
                <p dir="auto" className="font-semibold break-all">
                  {picture.name}
                </p>
                <p className="text-sm text-muted">
                  {picture.width} × {picture.height} px, uploaded{" "}
                  <DateTime at={picture.uploadedAt} /> by{" "}
                  <StaffName address={picture.uploadedBy} team={loaded.team} />
                </p>
                <label htmlFor={`markdown-${picture.id}`} className="block text-sm font-semibold">
                  Markdown for {picture.name}
                </label>
                <input
                  id={`markdown-${picture.id}`}
                  readOnly
                  value={markdownOf(picture)}
                  onFocus={(event) => event.target.select()}
                  className="console-input w-full font-mono text-sm"
                  dir="ltr"
                />
                <button
                  type="button"
                  className="console-button-quiet"
                  onClick={() => void copy(picture)}
                >
                  Copy the Markdown of {picture.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </section>
  );
}
