import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { MAX_MARKDOWN, MAX_SUBJECT, type NewsletterPreview } from "../../staff-api/newsletter";
import type { DraftRead } from "../newsletter-stale";
import { ReadFields } from "./read-fields";
import { TextAreaField, TextField } from "./text-field";
import { UnsavedChangesGuard } from "./unsaved-changes";

/**
 * What marketing writes to subscribers (the welcome e-mail, a campaign): the subject and Markdown
 * fields with a Preview button and the page's own buttons (`actions`), beside the preview as
 * subscribers will see it. With `readOnly`, the preview alone (a campaign once it has started).
 * With `read`, the draft's version and text as the page read them go with each button (a save
 * names that version: console/stale.ts).
 */
export function NewsletterEditor({
  content,
  preview,
  busy,
  actions,
  readOnly = false,
  read,
}: {
  content: { subject: string; markdown: string };
  preview: NewsletterPreview;
  /** The intent being submitted, if any: buttons are disabled meanwhile. */
  busy: string | null;
  actions?: ReactNode;
  readOnly?: boolean;
  read?: DraftRead;
}) {
  // What is in the fields now, once someone has typed: unsaved while it differs from `content`
  // (which a save brings up to date).
  const [typed, setTyped] = useState<{ subject: string; markdown: string } | null>(null);
  const dirty =
    !readOnly &&
    typed !== null &&
    (typed.subject !== content.subject || typed.markdown !== content.markdown);
  return (
    <div className={readOnly ? "" : "grid gap-8 lg:grid-cols-2"}>
      {readOnly ? null : (
        <Form
          method="post"
          className="space-y-4"
          id="newsletter-editor"
          onInput={(event) => setTyped(draftOf(new FormData(event.currentTarget)))}
        >
          <UnsavedChangesGuard dirty={dirty} />
          {read ? <ReadFields read={read} /> : null}
          <TextField
            label="Subject"
            name="subject"
            defaultValue={content.subject}
            required
            maxLength={MAX_SUBJECT}
          />
          <TextAreaField
            label="Message"
            hint="In Markdown: see what it can hold below. A line break you type is kept."
            name="markdown"
            rows={14}
            defaultValue={content.markdown}
            required
            maxLength={MAX_MARKDOWN}
            className="font-mono text-sm"
          />
          <MarkdownGuide />
          <div className="flex flex-wrap gap-3">
            <IntentButton
              intent="preview"
              label="Preview"
              busyLabel="Previewing…"
              busy={busy}
              className="console-button-quiet"
            />
            {actions}
          </div>
        </Form>
      )}
      <section aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="mb-2 text-lg font-bold">
          {readOnly ? "What was sent" : "Preview"}
        </h2>
        <p className="mb-2">
          <span className="font-semibold">Subject:</span> {preview.subject}
        </p>
        {/* The server's rendering: raw HTML in the Markdown is escaped and only web and mail
            links are kept (server/newsletter/markdown/markdown-render.ts); the console's CSP runs no inline
            script either way. */}
        <div
          className="prose-email rounded-md border border-gray-300 bg-white p-4"
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold">Plain-text version</summary>
          <pre className="mt-2 rounded-md bg-gray-50 p-3 text-sm whitespace-pre-wrap">
            {preview.text}
          </pre>
        </details>
      </section>
    </div>
  );
}

/** What the message's Markdown can hold, as server/newsletter/markdown/markdown-render.ts renders it. */
function MarkdownGuide() {
  const rows: [string, string][] = [
    ["A new paragraph", "an empty line between the two"],
    ["**bold**, *italic*, ~~struck through~~", "bold, italic, struck through"],
    ["[words](https://example.com)", "a link: web (https://) and e-mail (mailto:) addresses only"],
    ["# Heading, ## Smaller heading", "headings, six sizes"],
    ["- item, or 1. item", "a list, bulleted or numbered"],
    ["> words", "a quotation"],
    ["`code`, or ``` on lines of their own around a block", "code, as typed"],
    ["| a | b | with a line |---|---| below", "a table"],
    ["---", "a dividing line"],
  ];
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-semibold">What the message can hold</summary>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">to get</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([source, result]) => (
            <tr key={source} className="border-t border-gray-200 align-top">
              <td className="py-1 pr-3 font-mono">{source}</td>
              <td className="py-1">{result}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-muted">
        Pictures and HTML are not sent: they show as their text. Each subscriber&rsquo;s own
        unsubscribe link is added at the end.
      </p>
    </details>
  );
}

/**
 * A submit button that says what the form should do (`intent`), shows `busyLabel` while that is
 * being done, and waits while anything else is.
 */
export function IntentButton({
  intent,
  label,
  busyLabel,
  busy,
  form,
  className = "console-button",
}: {
  intent: string;
  label: string;
  busyLabel: string;
  busy: string | null;
  /** The form it submits when it is not inside it. */
  form?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      form={form}
      name="intent"
      value={intent}
      className={className}
      disabled={!!busy}
    >
      {busy === intent ? busyLabel : label}
    </button>
  );
}

/** The subject and Markdown of a submitted editor form. */
export function draftOf(form: FormData): { subject: string; markdown: string } {
  return {
    subject: String(form.get("subject") ?? ""),
    markdown: String(form.get("markdown") ?? ""),
  };
}
