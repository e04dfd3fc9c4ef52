import { useEffect, useRef } from "react";
import { Form, type ActionFunctionArgs, type LoaderFunctionArgs, data } from "react-router";
import { type PersonExport, type SeveralPeople, peopleApi } from "../../staff-api/people";
import { addressOf, call, failure, refusalOf } from "../api";
import { ResultNotices, useFormResult } from "../components/form-result";
import { PageHeading } from "../components/page-heading";
import { Section } from "../components/section";
import { TextField } from "../components/text-field";
import { mayOpen } from "../console-pages";
import { loadStaff } from "../session";
import { EmailAddress } from "../components/email-address";

/** Only admins answer access requests: the page says so before anyone types (the API refuses too). */
export async function accessRequestLoader(args: LoaderFunctionArgs) {
  const staff = await loadStaff(args);
  if (!mayOpen(staff, "accessRequest")) throw data(null, { status: 403 });
  return null;
}

/** The key as the API takes it: an address, a phone number, or a number and the chosen address. */
type Key = { email: string } | { phone: string; email?: string };

/**
 * The key of what was typed: an address when it has an @, else a phone number; a number with the
 * address of the person chosen among those it matched (the `email` of their button).
 */
function keyOf(typed: string, chosen: string): Key {
  if (typed.includes("@")) return { email: typed };
  return chosen ? { phone: typed, email: chosen } : { phone: typed };
}

type ActionResult =
  | { ok: true; key: Key; found: PersonExport }
  | { ok: true; phone: string; people: SeveralPeople["people"] }
  | { ok: false; error: string };

export async function accessRequestAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const typed = String(form.get("person") ?? "").trim();
  if (!typed) return { ok: false, error: "Type the person's e-mail address or phone number." };
  const key = keyOf(typed, String(form.get("email") ?? "").trim());
  try {
    return { ok: true, key, found: await call(peopleApi.export, { query: key }) };
  } catch (error) {
    // A number in several people's records: the admin chooses whose (decision 0040).
    const several = refusalOf(error, peopleApi.export, 409);
    if (several) return { ok: true, phone: typed, people: several.people };
    return failure(error, "Nothing was looked up. Please try again later.");
  }
}

/** The key's words: "0559211848", "0559211848 and ama@example.com". */
const keyWords = (key: Key) =>
  "phone" in key ? [key.phone, key.email].filter(Boolean).join(" and ") : key.email;

/**
 * The people a number matched, each with a button that looks it up again with their address. The
 * list's heading takes the focus when it appears (the status above has said why), so the admin
 * goes on from there; each choice is a form of its own, sent by the keyboard as by the mouse.
 */
function ChoosePerson({ phone, people }: { phone: string; people: SeveralPeople["people"] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [people]);
  return (
    <section aria-labelledby="people-heading" className="mt-8 max-w-prose">
      <h2 id="people-heading" ref={heading} tabIndex={-1} className="mb-3 text-lg font-bold">
        Whose records: choose one person
      </h2>
      <p>
        We tell people apart by their e-mail address. Choose the person who asked; their answer
        holds only the messages with this number and their address.
      </p>
      <ul className="mt-4 space-y-3" aria-labelledby="people-heading">
        {people.map((person) => (
          <li key={person.email} className="rounded-md border border-slate-300 p-3">
            <p className="font-semibold" dir="auto">
              {person.name || "No name given"}
            </p>
            <p>
              <EmailAddress>{person.email}</EmailAddress>
            </p>
            <p>{records(person.records, "message or request", "messages or requests")}</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="person" value={phone} />
              <input type="hidden" name="email" value={person.email} />
              <button type="submit" className="console-button">
                Look up {person.name || person.email}&apos;s records
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "2 records", "1 record". */
const records = (n: number, one: string, more = `${one}s`) => `${n} ${n === 1 ? one : more}`;

/** What was found, section by section, in the words of the export's page. */
function summaryOf(found: PersonExport): [string, string][] {
  return [
    ["Contact messages and demo requests", records(found.leads.length, "lead")],
    ["Notes by staff", records(found.notes.length, "note")],
    ["E-mails with sales", records(found.emails.length, "e-mail")],
    ["Newsletter subscriptions", records(found.subscriptions.length, "subscription")],
    ["Messages to or about them", records(found.messages.length, "message")],
    ["Suppressed from mail", found.suppressions.entry ? "Yes" : "No"],
    ["Mail that came back", records(found.suppressions.events.length, "report")],
    ["Audit log entries about their records", records(found.audit.length, "entry", "entries")],
  ];
}

/**
 * Answering an access request (Ghana's Data Protection Act, 2012): everything stored about one
 * person, found by address or phone number, as a summary here and two downloads: the page to send
 * them and the same records as JSON. Each lookup and each download is in the audit log.
 */
export function AccessRequestPage() {
  const { result, sending } = useFormResult<typeof accessRequestAction>();
  return (
    <section>
      <PageHeading title="Access request" />
      <div className="max-w-prose space-y-3">
        <p>
          When someone asks what we hold about them, look them up by the e-mail address or the phone
          number they wrote to us with, then send them the page to download below.
        </p>
        <p>
          A phone number finds their contact messages and demo requests only: the newsletter and its
          mail are kept by address. When the number is in the records of more than one person, you
          choose whose records to look up.
        </p>
      </div>

      <ResultNotices
        result={result}
        // The list of people takes the focus at its heading instead; this status is then read.
        focusSuccess={!(result?.ok && "people" in result)}
        success={(done) =>
          "people" in done
            ? `${done.phone} is in the records of ${done.people.length} people. ` +
              "Choose whose records to look up."
            : `Found for ${keyWords(done.key)}: ` +
              `${records(done.found.leads.length, "lead")}, ` +
              `${records(done.found.subscriptions.length, "subscription")}.`
        }
      />

      <Form method="post" className="mt-6 max-w-md space-y-4" aria-labelledby="person-heading">
        <h2 id="person-heading" className="text-lg font-bold">
          Whose records
        </h2>
        <TextField
          label="E-mail address or phone number"
          hint="An address with an @, or a number in any form: +233 55 921 1848 or 055 921 1848."
          name="person"
          required
        />
        <button type="submit" className="console-button" disabled={!!sending}>
          {sending ? "Looking up…" : "Look up"}
        </button>
      </Form>

      {result?.ok && "people" in result ? (
        <ChoosePerson phone={result.phone} people={result.people} />
      ) : null}

      {result?.ok && "found" in result ? (
        <Section id="found" title="What we hold" className="mt-8 max-w-prose">
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1">
            {summaryOf(result.found).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-4 space-y-2">
            <li>
              <a
                className="console-link"
                href={addressOf(peopleApi.export, { query: { ...result.key, format: "html" } })}
                download
              >
                Download the page to send them (HTML)
              </a>
            </li>
            <li>
              <a
                className="console-link"
                href={addressOf(peopleApi.export, { query: { ...result.key, format: "json" } })}
                download
              >
                Download the records as data (JSON)
              </a>
            </li>
          </ul>
        </Section>
      ) : null}
    </section>
  );
}
