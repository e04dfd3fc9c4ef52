import {
  Form,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { apiPaths } from "@common/paths";
import { Field } from "~/components/ui/field";
import { ApiError, api, load } from "../api";
import { Notice } from "../components/notice";
import { PageHeading } from "../components/page-heading";
import { formatDateTime } from "../format";

interface Welcome {
  subject: string;
  markdown: string;
  html: string;
  text: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

type ActionResult =
  | { ok: true; intent: "preview"; preview: { subject: string; html: string; text: string } }
  | { ok: true; intent: "save"; message: string }
  | { ok: false; error: string };

export async function welcomeLoader({ request }: LoaderFunctionArgs) {
  return load<Welcome>(request, apiPaths.staffWelcome);
}

/** Preview shows the draft as subscribers would get it; Save makes it the welcome e-mail. */
export async function welcomeAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const draft = {
    subject: String(form.get("subject") ?? ""),
    markdown: String(form.get("markdown") ?? ""),
  };
  try {
    if (form.get("intent") === "preview") {
      const preview = await api<{ subject: string; html: string; text: string }>(
        apiPaths.staffNewsletterPreview,
        { method: "POST", body: draft },
      );
      return { ok: true, intent: "preview", preview };
    }
    await api(apiPaths.staffWelcome, { method: "PUT", body: draft });
    return {
      ok: true,
      intent: "save",
      message: "Saved. Subscribers who confirm from now on get this e-mail.",
    };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof ApiError ? error.message : "Not saved. Try again.",
    };
  }
}

/**
 * The welcome e-mail a subscriber gets once they confirm: its subject and Markdown, a preview as
 * subscribers will see it, and Save.
 */
export function WelcomePage() {
  const welcome = useLoaderData<typeof welcomeLoader>();
  const result = useActionData<typeof welcomeAction>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const preview = result?.ok && result.intent === "preview" ? result.preview : welcome;

  return (
    <section>
      <PageHeading title="Welcome e-mail" />
      <p className="mb-4 max-w-prose text-muted">
        Every subscriber who confirms their subscription gets this e-mail once, with their own
        unsubscribe link added at the end.{" "}
        {welcome.updatedAt
          ? `Last changed ${formatDateTime(welcome.updatedAt)} by ${welcome.updatedBy ?? "a former member of staff"}.`
          : "This is the text the site came with."}
      </p>
      <Notice tone="error">{result && !result.ok ? result.error : null}</Notice>
      <Notice tone="success">
        {result?.ok && result.intent === "save" ? result.message : null}
      </Notice>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form method="post" className="space-y-4">
          <Field label="Subject" required>
            {(props) => (
              <input
                {...props}
                name="subject"
                defaultValue={welcome.subject}
                required
                maxLength={150}
                className="console-input"
              />
            )}
          </Field>
          <Field
            label="Message"
            hint="Markdown: **bold**, *italic*, [a link](https://…), # a heading, - a list."
            required
          >
            {(props) => (
              <textarea
                {...props}
                name="markdown"
                rows={14}
                defaultValue={welcome.markdown}
                required
                maxLength={20000}
                className="console-input font-mono text-sm"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="preview"
              className="console-button-quiet"
              disabled={!!busy}
            >
              {busy === "preview" ? "Previewing…" : "Preview"}
            </button>
            <button
              type="submit"
              name="intent"
              value="save"
              className="console-button"
              disabled={!!busy}
            >
              {busy === "save" ? "Saving…" : "Save"}
            </button>
          </div>
        </Form>
        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading" className="mb-2 text-lg font-bold">
            Preview
          </h2>
          <p className="mb-2">
            <span className="font-semibold">Subject:</span> {preview.subject}
          </p>
          {/* The server's rendering: raw HTML in the Markdown is escaped and only web and mail
              links are kept (server/newsletter/markdown.ts); the console's CSP runs no inline
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
    </section>
  );
}
