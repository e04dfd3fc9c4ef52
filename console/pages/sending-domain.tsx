import { useLoaderData } from "react-router";
import { type DomainCheck, type DomainCheckName, mailDomainApi } from "../../staff-api/mail";
import { loadCall } from "../api";
import { PageHeading } from "../components/page-heading";
import { Section } from "../components/section";

export function sendingDomainLoader({ request }: { request: Request }) {
  return loadCall(request, mailDomainApi.check);
}

/** What each check is, for an admin who is no engineer. */
const CHECK_WORDS: Record<DomainCheckName, { title: string; what: string }> = {
  spf: {
    title: "SPF",
    what: "Lists the servers allowed to send mail for our domain.",
  },
  dkim: {
    title: "DKIM",
    what: "Lets mailbox providers verify the signature the server puts on every e-mail.",
  },
  dmarc: {
    title: "DMARC",
    what: "Tells providers what to do with mail that claims to be ours but fails SPF and DKIM.",
  },
  "inbound-mx": {
    title: "Return path (inbound MX)",
    what: "Brings bounces and complaints back to this server, which stops mailing those addresses.",
  },
};

/**
 * Whether the DNS holds what mailbox providers check before they trust our mail, read afresh on
 * every visit: each check passed or not (in words, never colour alone), what was found, and the
 * record to publish when one is needed.
 */
export function SendingDomainPage() {
  const { checks } = useLoaderData<typeof sendingDomainLoader>();
  const failing = checks.filter((check) => !check.ok).length;
  return (
    <section>
      <PageHeading title="Sending domain" />
      <p className="mb-2 max-w-prose">
        Mailbox providers such as Gmail and Outlook read these DNS records before they deliver our
        e-mail. Whoever manages the domain&apos;s DNS (often the company that registered it) can
        publish the records shown below. Changes can take an hour to show here.
      </p>
      <p className="mb-6 font-semibold">
        {failing === 0
          ? "Every check passed."
          : `${failing} of ${checks.length} checks need attention.`}
      </p>
      <div className="max-w-3xl space-y-6">
        {checks.map((check) => (
          <CheckResult key={check.name} check={check} />
        ))}
      </div>
    </section>
  );
}

function CheckResult({ check }: { check: DomainCheck }) {
  const words = CHECK_WORDS[check.name];
  const verdict = check.ok ? "OK" : "Not OK";
  return (
    <Section
      id={`check-${check.name}`}
      title={
        <>
          {words.title}: <span className={check.ok ? "" : "text-red-800"}>{verdict}</span>
        </>
      }
      className={`rounded-md border-l-4 p-4 ${check.ok ? "border-brand-700" : "border-red-700"}`}
    >
      <p className="mb-2 text-muted">{words.what}</p>
      <p className="mb-3">{check.advice}</p>
      <dl className="space-y-3">
        {check.host ? (
          <div>
            <dt className="font-semibold">Where (DNS name)</dt>
            <dd>
              <code className="break-all">{check.host}</code>
            </dd>
          </div>
        ) : null}
        {check.host ? (
          <div>
            <dt className="font-semibold">Found</dt>
            <dd>
              {check.found.length === 0 ? (
                "Nothing"
              ) : (
                <ul className="space-y-1">
                  {check.found.map((record) => (
                    <li key={record}>
                      <code className="break-all">{record}</code>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ) : null}
        {check.expected ? (
          <div>
            <dt className="font-semibold">Record to publish</dt>
            <dd>
              <pre className="overflow-x-auto rounded-md bg-gray-100 p-3 text-sm break-all whitespace-pre-wrap">
                <code>{check.expected}</code>
              </pre>
            </dd>
          </div>
        ) : null}
      </dl>
    </Section>
  );
}
