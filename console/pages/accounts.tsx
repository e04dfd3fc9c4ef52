import { useEffect, useRef, useState } from "react";
import {
  Form,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { Field } from "~/components/ui/field";
import { INVITATION_DAYS, type StaffAccount, accountsApi } from "../../staff-api/admin";
import { ROLE_DUTIES, type StaffRole } from "../../staff-api/roles";
import { call, failure, loadCall, staleRecord } from "../api";
import { accountChangedMeanwhile, accountRead } from "../row-stale";
import { ReadFields } from "../components/read-fields";
import { versionIn } from "../stale";
import { ResultNotices, useFormResult, useResetWhenDone } from "../components/form-result";
import { ItemList } from "../components/more-pages";
import { Options } from "../components/options";
import { PageHeading } from "../components/page-heading";
import { Section } from "../components/section";
import { TextField } from "../components/text-field";
import { formatDateTime } from "../format";
import { ROLES, ROLE_LABELS, choices } from "../labels";
import { useStaff } from "../session";
import { KeepIt, useEscapeToBackOut } from "../components/confirm-button";
import { EmailAddress } from "../components/email-address";

/** The answers whose status takes the focus: the form that was sent has emptied or gone. */
const FOCUS_RESULT_OF = new Set(["invite", "resend"]);

export async function accountsLoader({ request }: LoaderFunctionArgs) {
  const accounts = await loadCall(request, accountsApi.list);
  return { accounts: accounts.items };
}

/** A refusal names the account it was about, so that its row can put back what was saved. */
type ActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; error: string; id?: string; intent?: string };

/**
 * The page's forms: invite, and per account send the invitation again, change the role, disable
 * or enable.
 */
export async function accountsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const email = String(form.get("email") ?? "").trim();
  // A change to the account, on the version the row was read at.
  const change = (body: { role?: StaffRole; disabled?: boolean }) =>
    call(accountsApi.change, { params: { id }, body, version: versionIn(form) });
  try {
    switch (intent) {
      case "invite": {
        const name = String(form.get("name") ?? "").trim();
        const role = roleOf(form.get("role"));
        await call(accountsApi.invite, { body: name ? { email, role, name } : { email, role } });
        return {
          ok: true,
          intent,
          message: `${email} is invited as ${ROLE_LABELS[role] ?? role}: the invitation is on its way to them, and its link works for ${INVITATION_DAYS} days.`,
        };
      }
      case "resend": {
        await call(accountsApi.resendInvitation, {
          params: { id },
          body: {},
          version: versionIn(form),
        });
        return {
          ok: true,
          intent,
          message: `The invitation is on its way to ${email} again, its link good for ${INVITATION_DAYS} days: the link sent before no longer works.`,
        };
      }
      case "role": {
        const role = roleOf(form.get("role"));
        await change({ role });
        return {
          ok: true,
          intent,
          message: `${email} is now ${ROLE_LABELS[role] ?? role}.`,
        };
      }
      case "disable":
      case "enable": {
        const disabled = intent === "disable";
        await change({ disabled });
        return {
          ok: true,
          intent,
          message: disabled
            ? `${email} is disabled and signed out everywhere.`
            : `${email} is enabled again.`,
        };
      }
      default:
        return { ok: false, error: "That change is not known. Reload the page and try again." };
    }
  } catch (error) {
    const stale =
      staleRecord(error, accountsApi.change) ?? staleRecord(error, accountsApi.resendInvitation);
    if (stale)
      return { ok: false, error: accountChangedMeanwhile(form, stale.current), id, intent };
    return { ...failure(error, "The change was not saved. Try again."), id, intent };
  }
}

/** The role a form chose; one the server does not know it refuses with its own message. */
const roleOf = (value: FormDataEntryValue | null) => String(value ?? "") as StaffRole;

/** Staff accounts: who has access with which role; inviting, changing roles, disabling. */
export function AccountsPage() {
  const { accounts } = useLoaderData<typeof accountsLoader>();
  const { result, sending: pending } = useFormResult<typeof accountsAction>();

  return (
    <section>
      <PageHeading title="Staff accounts" />
      <ResultNotices
        result={result}
        focusSuccess={result?.ok === true && FOCUS_RESULT_OF.has(result.intent)}
      />

      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Section id="accounts" title={`Accounts (${accounts.length})`}>
          <ItemList
            items={accounts}
            labelledBy="accounts-heading"
            empty="There are no staff accounts yet."
            row="space-y-3 p-4"
          >
            {(account) => (
              <AccountRow
                account={account}
                pending={pending?.get("id") === account.id ? pending : undefined}
                refusal={result && !result.ok && result.id === account.id ? result : undefined}
              />
            )}
          </ItemList>
        </Section>

        <Section
          id="invite"
          title="Invite a member of staff"
          className="self-start rounded-lg border border-gray-200 p-4"
        >
          <InviteForm
            saving={pending?.get("intent") === "invite"}
            done={result?.ok === true && result.intent === "invite" ? result : undefined}
            emailError={
              result?.ok === false && result.intent === "invite"
                ? fieldError(result.error, "email")
                : undefined
            }
          />
        </Section>
      </div>
    </section>
  );
}

/** The invite form empties itself once its invitation is sent, and only then. */
/**
 * The server's refusal of one field ("email: Staff accounts must use an address at …"), without
 * the field's name, to show beside it; undefined when the refusal is about something else.
 */
function fieldError(error: string, field: string): string | undefined {
  return error.startsWith(`${field}: `) ? error.slice(field.length + 2) : undefined;
}

function InviteForm({
  saving,
  done,
  emailError,
}: {
  saving: boolean;
  done: ActionResult | undefined;
  /** Why the server refused the address, if it did (STAFF_EMAIL_DOMAINS). */
  emailError: string | undefined;
}) {
  const form = useResetWhenDone(done);
  return (
    <Form method="post" className="space-y-4" ref={form} aria-labelledby="invite-heading">
      <input type="hidden" name="intent" value="invite" />
      <p className="text-sm text-muted">
        They get an e-mail from you with a link to sign in, which works for {INVITATION_DAYS} days.
        An address that already has an account cannot be invited again: change its role in the list
        instead, or send its invitation again there.
      </p>
      <TextField label="Work e-mail" type="email" name="email" required error={emailError} />
      <TextField
        label="Name"
        hint="Optional: how the console shows them"
        name="name"
        maxLength={100}
      />
      <Field label="Role" required>
        {(props) => (
          <select {...props} name="role" defaultValue="sales" className="console-input min-h-11">
            <Options
              choices={ROLES.map((role) => [role, `${ROLE_LABELS[role]}: ${ROLE_DUTIES[role]}`])}
            />
          </select>
        )}
      </Field>
      <button type="submit" className="console-button" disabled={saving}>
        {saving ? "Inviting…" : "Send invitation"}
      </button>
    </Form>
  );
}

function AccountRow({
  account,
  pending,
  refusal,
}: {
  account: StaffAccount;
  /** The form of this account being submitted, if any. */
  pending: FormData | undefined;
  /** The server's refusal of this account's last change, if it was refused. */
  refusal: ActionResult | undefined;
}) {
  const staff = useStaff();
  const [confirming, setConfirming] = useState(false);
  // A refused change leaves nothing on screen that was not saved: the confirm step closes (the
  // focus goes back to Disable) and the role picker shows the saved role again (`attempt` remounts
  // it). The page's alert says why.
  const [seenRefusal, setSeenRefusal] = useState(refusal);
  const [attempt, setAttempt] = useState(0);
  if (refusal !== seenRefusal) {
    setSeenRefusal(refusal);
    if (refusal) {
      setConfirming(false);
      setAttempt(attempt + 1);
    }
  }
  const disableStep = useRef<HTMLFormElement>(null);
  useEscapeToBackOut(confirming ? disableStep : null, () => setConfirming(false));
  // Once the account is disabled the confirm step has done its job. The row itself stays mounted
  // across reloads of the list (a success notice shows before the fresh list arrives, and a step
  // opened in between must not vanish), so the step is closed here rather than by a remount.
  if (account.disabled && confirming) setConfirming(false);
  /** The Disable or Enable button, whichever the row shows. */
  const stateButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // The focus follows the confirm step: to its button when it opens; back to Disable when it is
  // cancelled, or on to Enable once the account is disabled.
  useEffect(() => {
    if (confirming) {
      asked.current = true;
      confirmButton.current?.focus();
    } else if (asked.current) stateButton.current?.focus();
  }, [confirming]);
  const you = account.email.toLowerCase() === staff.email.toLowerCase();
  const label = account.name ? `${account.name} (${account.email})` : account.email;
  const busy = pending?.get("intent");

  return (
    <>
      <div>
        <p className="font-semibold break-words">
          {account.name || account.email}
          {you ? <span className="font-normal text-muted"> (you)</span> : null}
        </p>
        {account.name ? (
          <p className="break-words">
            <EmailAddress>{account.email}</EmailAddress>
          </p>
        ) : null}
        <p className="text-sm text-muted">
          {account.disabled ? (
            <strong className="text-red-800">Disabled</strong>
          ) : (
            <span>Active</span>
          )}{" "}
          · added {formatDateTime(account.createdAt)} · last signed in{" "}
          {account.lastSignInAt ? formatDateTime(account.lastSignInAt) : "never"}
        </p>
        {account.invitedAt && !account.lastSignInAt ? (
          <p className="text-sm text-muted">
            Invited {formatDateTime(account.invitedAt)}
            {account.invitedBy ? ` by ${account.invitedBy}` : ""}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {/* Until they first sign in; after that they ask for their own links. */}
        {account.lastSignInAt || account.disabled ? null : (
          <Form method="post">
            <RowFields intent="resend" account={account} />
            <button type="submit" className="console-button-quiet" disabled={Boolean(busy)}>
              {busy === "resend"
                ? "Sending…"
                : account.invitedAt
                  ? "Send the invitation again"
                  : "Send an invitation"}
              <span className="sr-only"> to {label}</span>
            </button>
          </Form>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <RowFields intent="role" account={account} />
          <label className="block">
            <span className="block text-sm font-semibold">
              Role<span className="sr-only"> of {label}</span>
            </span>
            {/* Keyed by the saved role and the refusals, so that it shows what was saved. */}
            <select
              key={`${account.role}:${attempt}`}
              name="role"
              defaultValue={account.role}
              className="console-input mt-1 min-h-11"
            >
              <Options choices={choices(ROLES, ROLE_LABELS)} />
            </select>
          </label>
          <button type="submit" className="console-button-quiet" disabled={Boolean(busy)}>
            {busy === "role" ? "Saving…" : "Save role"}
            <span className="sr-only"> of {label}</span>
          </button>
        </Form>

        {you ? (
          // The server refuses it: an admin cannot lock themselves out.
          <p className="text-sm text-muted">Another admin can disable your account.</p>
        ) : account.disabled ? (
          <Form method="post">
            <RowFields intent="enable" account={account} />
            <button
              ref={stateButton}
              type="submit"
              className="console-button-quiet"
              disabled={Boolean(busy)}
            >
              {busy === "enable" ? "Enabling…" : "Enable"}
              <span className="sr-only"> {label}</span>
            </button>
          </Form>
        ) : confirming ? (
          <Form
            ref={disableStep}
            method="post"
            className="flex flex-wrap items-center gap-2"
            aria-label={`Disable ${label}`}
          >
            <RowFields intent="disable" account={account} />
            <p className="w-full text-sm">
              They will be signed out everywhere and cannot sign in until enabled again.
            </p>
            <button
              ref={confirmButton}
              type="submit"
              className="console-button-danger"
              disabled={Boolean(busy)}
            >
              {busy === "disable" ? "Disabling…" : `Yes, disable ${account.email}`}
            </button>
            <KeepIt onClick={() => setConfirming(false)} />
          </Form>
        ) : (
          <button
            ref={stateButton}
            type="button"
            className="console-button-quiet"
            onClick={() => setConfirming(true)}
          >
            Disable<span className="sr-only"> {label}</span>
          </button>
        )}
      </div>
    </>
  );
}

/**
 * What each of an account's forms sends besides its own field: what it does, which account, and
 * the account as the list showed it (its version, which the change names, and what a refusal as
 * stale compares with).
 */
function RowFields({ intent, account }: { intent: string; account: StaffAccount }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={account.id} />
      <input type="hidden" name="email" value={account.email} />
      <ReadFields read={accountRead(account)} />
    </>
  );
}
