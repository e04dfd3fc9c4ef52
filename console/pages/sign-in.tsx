import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { startAuthentication } from "@simplewebauthn/browser";
import { Field } from "~/components/ui/field";
import { consoleNext } from "@common/paths";
import { passkeysApi } from "../../staff-api/passkeys";
import { sessionApi } from "../../staff-api/session";
import { ApiError, call, routerPath } from "../api";
import { Notice } from "../components/notice";
import { PageHeading } from "../components/page-heading";

type Result = { tone: "error" | "success"; text: string } | null;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : "Something went wrong. Please try again.";

/**
 * Signing in. A passkey first; an e-mailed link for the first sign-in and when no passkey is at
 * hand. The link opens this page with its token, and only the button posts it: opening the link
 * signs nobody in, so a mail scanner that follows it cannot use it up. `?next=` is the console
 * page the person was going to (the signed-in pages' guard sets it, the e-mailed link carries
 * it): opened after either sign-in when it is a console path (consoleNext), else the start page.
 */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const next = consoleNext(params.get("next"));
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const signedIn = () => navigate(next ? routerPath(next) : "/", { replace: true });

  async function signInWithLink() {
    if (!token) return;
    setBusy(true);
    try {
      await call(sessionApi.verify, { body: { token } });
      await signedIn();
    } catch (error) {
      setResult({ tone: "error", text: messageOf(error) });
      // The spent token goes from the address; where the person was going stays.
      setParams(next ? { next } : {}, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  async function signInWithPasskey() {
    setBusy(true);
    setResult(null);
    try {
      const optionsJSON = await call(passkeysApi.signInOptions, { body: {} });
      const credential = await startAuthentication({ optionsJSON });
      await call(passkeysApi.signInVerify, {
        // Copied into a plain object: the browser library types its extension results as an
        // interface, which TypeScript does not take for the record the contract reads.
        body: { ...credential, clientExtensionResults: { ...credential.clientExtensionResults } },
      });
      await signedIn();
    } catch (error) {
      setResult({
        tone: "error",
        text:
          error instanceof ApiError
            ? error.message
            : "No passkey was used. Try again, or ask for a sign-in link by e-mail below.",
      });
    } finally {
      setBusy(false);
    }
  }

  if (token) {
    return (
      <SignInFrame>
        <PageHeading title="Sign in to the staff console" />
        <p className="mb-4">Use the link from your e-mail to sign in on this device.</p>
        <button type="button" className="console-button" onClick={signInWithLink} disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
        <Notice tone="error">{result?.tone === "error" ? result.text : null}</Notice>
      </SignInFrame>
    );
  }

  return (
    <SignInFrame>
      <PageHeading title="Sign in to the staff console" />
      <Notice tone={result?.tone ?? "error"}>{result?.text}</Notice>
      <section aria-labelledby="passkey-heading" className="mb-8">
        <h2 id="passkey-heading" className="mb-2 text-lg font-bold">
          With a passkey
        </h2>
        <p className="mb-3 text-muted">
          Your phone or computer confirms it is you with its screen lock or fingerprint.
        </p>
        <button
          type="button"
          className="console-button"
          onClick={signInWithPasskey}
          disabled={busy}
        >
          Sign in with a passkey
        </button>
      </section>
      <EmailLinkForm next={next} onResult={setResult} />
    </SignInFrame>
  );
}

function EmailLinkForm({
  next,
  onResult,
}: {
  next: string | null;
  onResult: (result: Result) => void;
}) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError("Enter your work e-mail address, like name@example.com.");
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await call(sessionApi.requestLink, { body: { email: email.trim(), next } });
      onResult({ tone: "success", text: `${answer.message} It works once, for 15 minutes.` });
    } catch (failure) {
      onResult({ tone: "error", text: messageOf(failure) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="link-heading">
      <h2 id="link-heading" className="mb-2 text-lg font-bold">
        With a link by e-mail
      </h2>
      <p className="mb-3 text-muted">
        For your first sign-in, or when your passkey is not at hand.
      </p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field label="Work e-mail" error={error}>
          {(props) => (
            <input
              {...props}
              type="email"
              name="email"
              autoComplete="username webauthn"
              className="console-input"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="console-button-quiet" disabled={sending}>
          {sending ? "Sending…" : "E-mail me a sign-in link"}
        </button>
      </form>
    </section>
  );
}

function SignInFrame({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      {children}
    </main>
  );
}
