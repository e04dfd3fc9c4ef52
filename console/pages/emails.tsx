import { useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { consolePaths } from "@common/paths";
import { MAIL_TEMPLATES, type MailPreview, mailTemplatesApi } from "../../staff-api/mail";
import { loadCall, query } from "../api";
import { PageHeading } from "../components/page-heading";
import { PreviewWidthPicker } from "../components/preview-width-picker";
import { Section } from "../components/section";

/** The widths the HTML is shown at: a phone's screen, and a desktop mail client's column. */
export const PREVIEW_WIDTHS = [
  { name: "phone", label: "Phone", px: 375 },
  { name: "desktop", label: "Desktop", px: 700 },
] as const;
type PreviewWidth = (typeof PREVIEW_WIDTHS)[number]["name"];

/** The console path of this page, relative to /staff, as the route table and the menu have it. */
const PAGE = consolePaths.emails.slice(consolePaths.console.length);

/** The kinds of e-mail, and the one chosen in the address (`?kind=`) rendered with its sample. */
export async function emailsLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("kind");
  const known = MAIL_TEMPLATES.find((template) => template.kind === asked);
  const [{ items }, preview] = await Promise.all([
    loadCall(request, mailTemplatesApi.list),
    known ? loadCall(request, mailTemplatesApi.get, { params: { kind: known.kind } }) : null,
  ]);
  return { items, preview };
}

/**
 * Every kind of e-mail the system sends, as its reader gets it, with invented people and words:
 * the subject, the HTML in a sandboxed frame at a phone's or a desktop's width, and the text part.
 * Nothing is sent.
 */
export function EmailsPage() {
  const { items, preview } = useLoaderData<typeof emailsLoader>();
  const name = items.find((item) => item.kind === preview?.kind)?.name;
  return (
    <section>
      <PageHeading title="E-mails" />
      <p className="mb-4 max-w-prose text-muted">
        Every kind of e-mail the website sends, shown with invented people and words: nothing is
        sent. The newsletter&apos;s welcome e-mail shows the words marketing last saved.
      </p>
      <nav aria-label="Kinds of e-mail" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => {
            const current = item.kind === preview?.kind;
            return (
              <li key={item.kind}>
                <Link
                  to={`${PAGE}${query({ kind: item.kind })}`}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-md border border-brand-800 px-4 font-semibold ${
                    current
                      ? "bg-brand-800 text-white"
                      : "bg-white text-brand-800 hover:bg-brand-50"
                  }`}
                >
                  {item.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {preview && name ? (
        <EmailPreview key={preview.kind} preview={preview} name={name} />
      ) : (
        <p>Choose a kind of e-mail to see it.</p>
      )}
    </section>
  );
}

function EmailPreview({ preview, name }: { preview: MailPreview; name: string }) {
  const [width, setWidth] = useState<PreviewWidth>("phone");
  const px = PREVIEW_WIDTHS.find((w) => w.name === width)?.px;
  return (
    <div className="space-y-6">
      <Section id="email-subject" title={name}>
        <p>
          <span className="font-semibold">Subject: </span>
          <span dir="auto">{preview.subject}</span>
        </p>
      </Section>
      <Section id="email-html" title="As most mail apps show it (HTML)">
        <PreviewWidthPicker widths={PREVIEW_WIDTHS} chosen={width} onChoose={setWidth} />
        <div className="overflow-x-auto">
          {/* No permission at all: the e-mail's HTML can run nothing and open nothing here. */}
          <iframe
            sandbox=""
            srcDoc={preview.html}
            title={`${name}: the HTML part, ${width} width`}
            style={{ width: `${px}px` }}
            className="h-[36rem] max-w-none rounded-md border border-gray-300 bg-white"
          />
        </div>
      </Section>
      <Section id="email-text" title="As a text-only mail app shows it (text)">
        <pre className="overflow-x-auto rounded-md bg-gray-100 p-3 text-sm whitespace-pre-wrap">
          {preview.text}
        </pre>
      </Section>
    </div>
  );
}
