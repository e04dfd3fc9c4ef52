import { useState } from "react";
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { LISTED_WIDTH, mediaPath } from "@common/media";
import { consoleCampaignPath, consolePaths } from "@common/paths";
import { CONTENT_LABELS } from "../../staff-api/publishing";
import { type MediaItem, type PictureUse, mediaApi } from "../../staff-api/media";
import { call, failure, loadCall, refusalOf, routerPath } from "../api";
import { CONSOLE_CONTENT_PATHS } from "../content";
import { ConfirmButton } from "../components/confirm-button";
import { DateTime } from "../components/date-time";
import { PageHeading } from "../components/page-heading";
import { PictureUpload } from "../components/picture-upload";
import { RowOutcome } from "../components/row-outcome";
import { Section } from "../components/section";
import { StaffName } from "../components/staff-name";
import type { TeamMember } from "../../staff-api/admin";
import { loadTeam } from "./content-list";

export async function mediaLoader({ request }: LoaderFunctionArgs) {
  const [{ items }, team] = await Promise.all([
    loadCall(request, mediaApi.list),
    loadTeam(request),
  ]);
  return { items, team };
}

type DeleteResult =
  { ok: true; message: string } | { ok: false; error: string; usedBy?: PictureUse[] };

/** Deletes one picture; refused while something shows it, with the list of what does. */
export async function mediaAction({ request }: ActionFunctionArgs): Promise<DeleteResult> {
  const id = String((await request.formData()).get("id") ?? "");
  try {
    await call(mediaApi.remove, { params: { id } });
    return { ok: true, message: "Deleted. The picture is no longer in the library." };
  } catch (error) {
    const inUse = refusalOf(error, mediaApi.remove, 409);
    if (inUse) return { ok: false, error: inUse.error, usedBy: inUse.usedBy };
    return failure(error, "The picture was not deleted. Try again.");
  }
}

/** Where a use of a picture is edited in the console, and what it is called there. */
function editorOf(use: PictureUse): { href: string; what: string } {
  switch (use.kind) {
    case "campaign":
      return { href: consoleCampaignPath(use.id ?? ""), what: "Campaign" };
    case "welcome":
      return { href: consolePaths.welcome, what: "Newsletter" };
    default:
      return {
        href: `${CONSOLE_CONTENT_PATHS[use.kind]}/${encodeURIComponent(use.id ?? "")}`,
        what: CONTENT_LABELS[use.kind].one,
      };
  }
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
              <PictureCard
                key={picture.id}
                picture={picture}
                team={loaded.team}
                onCopy={() => void copy(picture)}
              />
            ))}
          </ul>
        )}
      </Section>
    </section>
  );
}

/**
 * One picture of the library: its thumbnail, name, size and who uploaded it when, its Markdown
 * with a button that copies it, and Delete, asked first. A deleted picture's card says so where
 * the focus is; a refusal lists what shows the picture, each a link to where it is taken out.
 */
function PictureCard({
  picture,
  team,
  onCopy,
}: {
  picture: MediaItem;
  team: readonly TeamMember[];
  onCopy: () => void;
}) {
  const fetcher = useFetcher<typeof mediaAction>();
  const result = fetcher.data;
  const formId = `delete-${picture.id}`;
  if (result?.ok) {
    return (
      <li className="space-y-2 rounded-md border border-gray-300 p-3">
        <p className="font-semibold break-all">{picture.name}</p>
        <RowOutcome result={result} />
      </li>
    );
  }
  return (
    <li className="space-y-2 rounded-md border border-gray-300 p-3">
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
        {picture.width} × {picture.height} px, uploaded <DateTime at={picture.uploadedAt} /> by{" "}
        <StaffName address={picture.uploadedBy} team={team} />
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
      <div className="flex flex-wrap gap-3">
        <button type="button" className="console-button-quiet" onClick={onCopy}>
          Copy the Markdown of {picture.name}
        </button>
        <fetcher.Form method="post" id={formId}>
          <input type="hidden" name="id" value={picture.id} />
        </fetcher.Form>
        <ConfirmButton
          label={`Delete ${picture.name}`}
          question={`Delete ${picture.name}? It cannot be brought back.`}
          confirmLabel="Delete the picture"
          intent="delete"
          form={formId}
          busy={fetcher.state === "idle" ? null : "delete"}
          className="console-button-quiet"
        />
      </div>
      {/* Only once there is one: each card's empty alert would crowd the page's landmarks. */}
      {result ? <RowOutcome result={result} /> : null}
      {result && !result.ok && result.usedBy?.length ? (
        <ul aria-label={`What shows ${picture.name}`} className="list-disc pl-5 text-sm">
          {result.usedBy.map((use) => {
            const { href, what } = editorOf(use);
            return (
              <li key={`${use.kind}-${use.id ?? ""}`}>
                {what}:{" "}
                <Link to={routerPath(href)} className="console-link" dir="auto">
                  {use.title}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}
