import { useState } from "react";
import { Form, Link, type ActionFunctionArgs, type LoaderFunctionArgs, data } from "react-router";
import { erasureApi } from "../../staff-api/admin";
import { call, failure, query } from "../api";
import { ResultNotices, useFormResult } from "../components/form-result";
import { PageHeading } from "../components/page-heading";
import { TextField } from "../components/text-field";
import { CONSOLE_PAGES, mayOpen } from "../console-pages";
import { loadStaff } from "../session";

/** The audit log's name for an erasure (server/audit/audit.ts). */
export const ERASED_ACTION = "person.erased";

/**
 * What an erasure removes, as POST /api/staff/forget counts it (server/people/forget-person.ts):
 * the singular and plural words for each kind of record.
 */
const ERASED_WORDS: Record<string, [string, string]> = {
  newsletter_subscriptions: ["newsletter subscription", "newsletter subscriptions"],
  contact_messages: ["contact message", "contact messages"],
  demo_requests: ["demo request", "demo requests"],
  lead_states: ["lead status and owner", "lead statuses and owners"],
  lead_events: ["note or history entry", "notes and history entries"],
  outbox: ["queued e-mail", "queued e-mails"],
  mail_suppressions: [
    "suppression entry kept only as a hash",
    "suppression entries kept only as a hash",
  ],
  mail_mentions: [
    "mention in another person's returned mail",
    "mentions in other people's returned mail",
  ],
  staff_saved_filters: ["saved inbox filter naming them", "saved inbox filters naming them"],
};

function wordsFor(key: string): [string, string] {
  const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const known = ERASED_WORDS[snake];
  if (known) return known;
  const plain = snake.replace(/_/g, " ");
  return [plain, plain];
}

/** "1 contact message, 2 notes and history entries" — or null when nothing was stored. */
export function describeErased(erased: Record<string, number>): string | null {
  const order = Object.keys(ERASED_WORDS);
  const rank = (key: string) => {
    const index = order.indexOf(key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
    return index === -1 ? order.length : index;
  };
  const parts = Object.entries(erased)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, count]) => {
      const [one, many] = wordsFor(key);
      return `${count} ${count === 1 ? one : many}`;
    });
  return parts.length ? parts.join(", ") : null;
}

/** Only admins may erase: the page says so before anyone fills it in (the API refuses too). */
export async function eraseLoader(args: LoaderFunctionArgs) {
  const staff = await loadStaff(args);
  if (!mayOpen(staff, "erase")) throw data(null, { status: 403 });
  return null;
}

type ActionResult =
  { ok: true; email: string; erased: string | null } | { ok: false; error: string };

export async function eraseAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const confirmation = String(form.get("confirmation") ?? "").trim();
  if (!email || !sameAddress(email, confirmation))
    return { ok: false, error: "Type the same e-mail address in both fields to confirm." };
  try {
    const result = await call(erasureApi.forget, { body: { email } });
    return { ok: true, email, erased: describeErased(result.erased) };
  } catch (error) {
    return failure(error, "Nothing was erased. Please try again later.");
  }
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Erasing everything stored about a person, when they ask for it. The button stays off until the
 * address has been typed a second time, so that a slip of the finger erases nothing.
 */
export function ErasePage() {
  const { result, sending } = useFormResult<typeof eraseAction>();
  const [email, setEmail] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const ready = email.trim() !== "" && sameAddress(email, confirmation);

  // Once an erasure is done, both fields empty themselves for the next one.
  const [shown, setShown] = useState(result);
  if (result !== shown) {
    setShown(result);
    if (result?.ok) {
      setEmail("");
      setConfirmation("");
    }
  }

  return (
    <section>
      <PageHeading title="Erase a person" />

      <div className="max-w-prose space-y-3">
        <p>
          When someone asks us to forget them, this removes everything the website stored under
          their e-mail address:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>their newsletter subscription;</li>
          <li>their contact messages and demo requests;</li>
          <li>the status, owner, notes and history staff recorded on those leads;</li>
          <li>the e-mails about those leads still queued in the outbox;</li>
          <li>the bounces and complaints about mail to them;</li>
          <li>
            their address, or its hash, wherever another person&rsquo;s bounce or complaint named
            it.
          </li>
        </ul>
        <p>
          If the address is on the suppression list, its entry stays so that no newsletter ever goes
          to it again, but only as a one-way hash: the list shows it as &ldquo;An erased
          address&rdquo;.
        </p>
        <p>
          <strong>This cannot be undone.</strong> The audit log records that an erasure was made, by
          whom and how many records it removed.
        </p>
      </div>

      <ResultNotices
        result={result}
        success={(done) => (
          <>
            {done.erased
              ? `Erased for ${done.email}: ${done.erased}.`
              : `Nothing was stored for ${done.email}: there was nothing to erase.`}{" "}
            <Link
              to={`${CONSOLE_PAGES.audit.path}${query({ action: ERASED_ACTION })}`}
              className="console-link"
            >
              See erasures in the audit log
            </Link>
          </>
        )}
      />

      <Form
        method="post"
        className="mt-6 max-w-md space-y-4 rounded-lg border border-red-700 p-4"
        aria-labelledby="erase-form-heading"
      >
        <h2 id="erase-form-heading" className="text-lg font-bold">
          Whom to erase
        </h2>
        <AddressField
          label="E-mail address of the person"
          name="email"
          value={email}
          onChange={setEmail}
        />
        <AddressField
          label="Type the same e-mail address again to confirm"
          hint="The Erase button works once both addresses are the same."
          name="confirmation"
          value={confirmation}
          onChange={setConfirmation}
        />
        <button type="submit" className="console-button-danger" disabled={!ready || !!sending}>
          {sending ? "Erasing…" : "Erase everything about this person"}
        </button>
      </Form>
    </section>
  );
}

/** One of the two addresses the form asks for, both required and typed in full. */
function AddressField({
  onChange,
  ...field
}: {
  label: string;
  hint?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      {...field}
      type="email"
      required
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
