import { type FormEvent, type RefObject, useRef, useState } from "react";
import {
  Form,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useRevalidator,
} from "react-router";
import { startRegistration } from "@simplewebauthn/browser";
import { type OwnPasskey, passkeysApi } from "../../staff-api/passkeys";
import { sessionApi } from "../../staff-api/session";
import { consolePaths } from "@common/paths";
import { ApiError, call, loadCall, routerPath } from "../api";
import { Notice } from "../components/notice";
import { PageHeading } from "../components/page-heading";
import { Section } from "../components/section";
import { TextField } from "../components/text-field";
import { formatDateTime } from "../format";
import { useStaff } from "../session";
import { KeepIt, useEscapeToBackOut } from "../components/confirm-button";

export async function accountLoader({ request }: LoaderFunctionArgs) {
  const passkeys = await loadCall(request, passkeysApi.list);
  return { passkeys: passkeys.items };
}

/** Signing out here, or on every device; either way the server ends the session(s). */
export async function signOutAction({ request }: { request: Request }) {
  const form = await request.formData().catch(() => null);
  const everywhere = form?.get("everywhere") === "yes";
  await call(everywhere ? sessionApi.signOutEverywhere : sessionApi.signOut).catch(() => undefined);
  return redirect(routerPath(consolePaths.signIn));
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** Who is signed in, their passkeys (add, rename, remove), and signing out everywhere. */
export function AccountPage() {
  const staff = useStaff();
  const { passkeys } = useLoaderData<typeof accountLoader>();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const done = (text: string) => {
    setNotice({ tone: "success", text });
    void revalidator.revalidate();
  };
  const failed = (text: string) => setNotice({ tone: "error", text });

  return (
    <section>
      <PageHeading title="Your account" />
      <dl className="mb-8 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Name</dt>
        <dd>{staff.name || "—"}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd>{staff.email}</dd>
        <dt className="font-semibold">Role</dt>
        <dd className="capitalize">{staff.role}</dd>
      </dl>

      <Section id="away" title="Away" className="mb-10">
        <AwaySwitch away={staff.away} />
      </Section>

      <Section id="passkeys" title="Passkeys" className="mb-10">
        <p className="mb-4 max-w-prose text-muted">
          A passkey signs you in with your phone&rsquo;s or computer&rsquo;s screen lock, with no
          e-mail to wait for. Add one on each device you use. If you lose them all, ask for a
          sign-in link by e-mail.
        </p>
        <Notice tone={notice?.tone ?? "error"}>{notice?.text}</Notice>
        {passkeys.length === 0 ? (
          <p className="mb-4">You have no passkey yet.</p>
        ) : (
          <ul className="mb-6 divide-y divide-gray-200 rounded-lg border border-gray-200">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onDone={done} onFailed={failed} />
            ))}
          </ul>
        )}
        <AddPasskey onDone={done} onFailed={failed} />
      </Section>

      <Section id="devices" title="Devices">
        <p className="mb-3 max-w-prose text-muted">
          Lost a phone, or signed in on a shared computer? This ends every session of yours, this
          one too.
        </p>
        <Form method="post" action={routerPath(consolePaths.signOut)}>
          <input type="hidden" name="everywhere" value="yes" />
          <button type="submit" className="console-button-quiet">
            Sign out everywhere
          </button>
        </Form>
      </Section>
    </section>
  );
}

/**
 * Away or back: while away, the lead routing's rotations pass over them (their leads wait for
 * no one). Saved at once; the header says "Away" until they are back.
 */
function AwaySwitch({ away }: { away: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await call(sessionApi.updateMe, { body: { away: !away } });
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, "Could not save. Try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p id="away-help" className="mb-3 max-w-prose text-muted">
        Going on leave or out for the day? While you are away, new leads from a rotation go to your
        colleagues instead of you. Leads you own stay yours.
      </p>
      <Notice tone="error">{error}</Notice>
      <button
        type="button"
        role="switch"
        aria-checked={away}
        aria-describedby="away-help"
        disabled={busy}
        onClick={() => void toggle()}
        className="console-button-quiet inline-flex items-center gap-3"
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-9 rounded-full p-0.5 transition-colors ${away ? "bg-brand-700" : "bg-gray-300"}`}
        >
          <span
            className={`block h-4 w-4 rounded-full bg-white transition-transform ${away ? "translate-x-4" : ""}`}
          />
        </span>
        I am away
      </button>
      <p role="status" className="mt-2 text-sm">
        {away ? "You are away: no new leads come to you from a rotation." : "You are here."}
      </p>
    </>
  );
}

interface Callbacks {
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
}

function AddPasskey({ onDone, onFailed }: Callbacks) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const optionsJSON = await call(passkeysApi.registerOptions, { body: {} });
      const credential = await startRegistration({ optionsJSON });
      const trimmed = name.trim();
      await call(passkeysApi.registerVerify, {
        body: {
          ...credential,
          // Copied into a plain object: the browser library types its extension results as an
          // interface, which TypeScript does not take for the record the contract reads.
          clientExtensionResults: { ...credential.clientExtensionResults },
          ...(trimmed ? { name: trimmed } : {}),
        },
      });
      setName("");
      onDone("Passkey added. Next time, sign in with it.");
    } catch (error) {
      onFailed(messageOf(error, "No passkey was added: the device did not create one."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-3">
      <TextField
        label="Name of the new passkey"
        hint="Optional, e.g. “Work phone”"
        name="name"
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="console-button" disabled={busy}>
        {busy ? "Waiting for your device…" : "Add a passkey"}
      </button>
    </form>
  );
}

/** A quiet button of a passkey's row, its accessible name saying which passkey it acts on. */
function PasskeyButton({
  action,
  passkey,
  onClick,
  buttonRef,
}: {
  action: string;
  passkey: OwnPasskey;
  onClick: () => void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="console-button-quiet"
      onClick={onClick}
      aria-label={`${action} ${passkey.name}`}
    >
      {action}
    </button>
  );
}

function PasskeyRow({ passkey, onDone, onFailed }: { passkey: OwnPasskey } & Callbacks) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  // Escape backs out of renaming or removing, and the focus goes back to the row's buttons.
  const row = useRef<HTMLLIElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  useEscapeToBackOut(renaming || confirming ? row : null, () => {
    setRenaming(false);
    setConfirming(false);
    // After React has put the buttons back.
    requestAnimationFrame(() => renameButton.current?.focus());
  });

  async function rename(event: FormEvent) {
    event.preventDefault();
    try {
      await call(passkeysApi.rename, { params: { id: passkey.id }, body: { name: name.trim() } });
      setRenaming(false);
      onDone("Passkey renamed.");
    } catch (error) {
      onFailed(messageOf(error, "The passkey was not renamed."));
    }
  }

  async function remove() {
    try {
      await call(passkeysApi.remove, { params: { id: passkey.id } });
      onDone(`Passkey “${passkey.name}” removed.`);
    } catch (error) {
      onFailed(messageOf(error, "The passkey was not removed."));
    }
  }

  return (
    <li ref={row} className="flex flex-wrap items-center justify-between gap-3 p-4">
      {renaming ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <TextField
            label="New name"
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="console-button">
            Save name
          </button>
          <button type="button" className="console-button-quiet" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div>
          <p className="font-semibold">{passkey.name}</p>
          <p className="text-sm text-muted">
            Added {formatDateTime(passkey.createdAt)} · last used{" "}
            {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "never"}
            {passkey.signedInWith ? " · signed in with it now" : ""}
          </p>
        </div>
      )}
      {renaming ? null : (
        <div className="flex flex-wrap gap-2">
          <PasskeyButton
            action="Rename"
            passkey={passkey}
            onClick={() => setRenaming(true)}
            buttonRef={renameButton}
          />
          {confirming ? (
            <>
              {passkey.signedInWith ? (
                <p className="w-full text-sm" id={`remove-${passkey.id}-warning`}>
                  You signed in with this passkey: removing it signs you out here too.
                </p>
              ) : null}
              <button
                type="button"
                className="console-button-danger"
                onClick={remove}
                aria-describedby={passkey.signedInWith ? `remove-${passkey.id}-warning` : undefined}
              >
                Yes, remove {passkey.name}
              </button>
              <KeepIt onClick={() => setConfirming(false)} />
            </>
          ) : (
            <PasskeyButton action="Remove" passkey={passkey} onClick={() => setConfirming(true)} />
          )}
        </div>
      )}
    </li>
  );
}
