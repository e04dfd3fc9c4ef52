import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { type NewsletterPreview, welcomeApi } from "../../staff-api/newsletter";
import { call, failure, loadCall, staleRecord } from "../api";
import { type DraftRead, draftChangedMeanwhile, welcomeRead } from "../newsletter-stale";
import { useRead, versionIn } from "../stale";
import { ResultNotices, useFormResult } from "../components/form-result";
import { IntentButton, NewsletterEditor, draftOf } from "../components/newsletter-editor";
import { PageHeading } from "../components/page-heading";
import { TestSend, testAddressesFrom } from "../components/test-send";
import { formatDateTime } from "../format";

/** A save, and a refusal as stale, bring the version and text the form now builds on (`read`). */
type ActionResult =
  | { ok: true; intent: "preview"; preview: NewsletterPreview }
  | { ok: true; intent: "save" | "test"; message: string; read?: DraftRead }
  | { ok: false; error: string; read?: DraftRead };

export async function welcomeLoader({ request }: LoaderFunctionArgs) {
  return loadCall(request, welcomeApi.get);
}

/**
 * Preview shows the draft as subscribers would get it; a test sends it as typed, saved or not;
 * Save makes it the welcome e-mail.
 */
export async function welcomeAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const draft = draftOf(form);
  const intent = form.get("intent");
  try {
    if (intent === "preview") {
      const preview = await call(welcomeApi.preview, { body: draft });
      return { ok: true, intent: "preview", preview };
    }
    if (intent === "test") {
      const test = testAddressesFrom(form);
      if ("error" in test) return { ok: false, error: test.error };
      const { message } = await call(welcomeApi.test, { body: { ...draft, ...test } });
      return { ok: true, intent: "test", message };
    }
    const saved = await call(welcomeApi.save, { body: draft, version: versionIn(form) });
    return {
      ok: true,
      intent: "save",
      message: "Saved. Subscribers who confirm from now on get this e-mail.",
      read: welcomeRead(saved.value, saved.version),
    };
  } catch (error) {
    const stale = staleRecord(error, welcomeApi.save);
    if (stale) {
      const error = draftChangedMeanwhile(form, stale.current, "the welcome e-mail");
      return { ok: false, error, read: welcomeRead(stale.current, stale.version) };
    }
    return failure(error, intent === "test" ? "Not sent. Try again." : "Not saved. Try again.");
  }
}

/**
 * The welcome e-mail a subscriber gets once they confirm: its subject and Markdown, a preview as
 * subscribers will see it, a test of the draft to up to five addresses, and Save.
 */
export function WelcomePage() {
  const { value: welcome, version } = useLoaderData<typeof welcomeLoader>();
  const { result, busy } = useFormResult<typeof welcomeAction>();
  const preview = result?.ok && result.intent === "preview" ? result.preview : welcome;
  const read = useRead(
    welcomeRead(welcome, version),
    result && "read" in result ? result.read : undefined,
  );

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
      <ResultNotices result={result} focusError={result?.ok === false && "read" in result} />
      <NewsletterEditor
        content={welcome}
        preview={preview}
        busy={busy}
        read={read}
        actions={<IntentButton intent="save" label="Save" busyLabel="Saving…" busy={busy} />}
      />
      <TestSend busy={busy} />
    </section>
  );
}
