import { Form, type ActionFunctionArgs, type LoaderFunctionArgs, data } from "react-router";
import { type PersonExport, peopleApi } from "../../staff-api/people";
import { addressOf, call, failure } from "../api";
import { ResultNotices, useFormResult } from "../components/form-result";
import { PageHeading } from "../components/page-heading";
import { Section } from "../components/section";
import { TextField } from "../components/text-field";
import { loadStaff, mayOpen } from "../session";

/** Only admins answer access requests: the page says so before anyone types (the API refuses too). */
export async function accessRequestLoader(args: LoaderFunctionArgs) {
  const staff = await loadStaff(args);
  if (!mayOpen(staff, "accessRequest")) throw data(null, { status: 403 });
  return null;
}

/** The key as the API takes it: an address when it has an @, else a phone number. */
function keyOf(typed: string): { email: string } | { phone: string } {
  return typed.includes("@") ? { email: typed } : { phone: typed };
}

type ActionResult =
  | { ok: true; key: { email: string } | { phone: string }; found: PersonExport }
  | { ok: false; error: string };

export async function accessRequestAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const typed = String((await request.formData()).get("person") ?? "").trim();
  if (!typed) return { ok: false, error: "Type the person's e-mail address or phone number." };
  const key = keyOf(typed);
  try {
    return { ok: true, key, found: await call(peopleApi.export, { query: key }) };
  } catch (error) {
    return failure(error, "Nothing was looked up. Please try again later.");
  }
}

/** "2 records", "1 record". */
const records = (n: number, one: string, more = `${one}s`) => `${n} ${n === 1 ? one : more}`;

/** What was found, section by section, in the words of the export's page. */
function summaryOf(found: PersonExport): [string, string][] {
  return [
    ["Contact messages and demo requests", records(found.leads.length, "lead")],
    ["Notes by staff", records(found.notes.length, "note")],
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
          mail are kept by address.
        </p>
      </div>

      <ResultNotices
        result={result}
        focusSuccess
        success={(done) =>
          `Found for ${"email" in done.key ? done.key.email : done.key.phone}: ` +
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

      {result?.ok ? (
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
