import { type ReactNode, useState } from "react";
import { type LeftHow, type SubscriberConsent, subscribersApi } from "../../staff-api/subscribers";
import { ApiError, call } from "../api";
import { DateTime } from "./date-time";
import { DefinitionList } from "./definition-list";
import { Notice } from "./notice";

/** How a subscriber left, as marketing reads it. */
export const LEFT_HOW_LABELS: Record<LeftHow, string> = {
  "unsubscribe-link": "with the unsubscribe link in our e-mails",
  complaint: "by marking our mail as spam",
  staff: "unsubscribed by staff",
  "address-changed": "replaced by a corrected address",
};

type Loaded = { ok: true; consent: SubscriberConsent } | { ok: false; error: string };

/**
 * A subscriber's consent record behind a disclosure: read from the API (and so audited) only
 * when someone opens it, not for every row of the list.
 */
export function SubscriberConsentRecord({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);

  async function load() {
    if (loading || loaded?.ok) return;
    setLoading(true);
    try {
      setLoaded({ ok: true, consent: await call(subscribersApi.consent, { params: { id } }) });
    } catch (error) {
      setLoaded({
        ok: false,
        error: error instanceof ApiError ? error.message : "The consent record could not be read.",
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <details
      className="text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open) void load();
      }}
    >
      <summary className="cursor-pointer font-semibold">Consent record</summary>
      {loading ? <p role="status">Reading the consent record…</p> : null}
      {loaded && !loaded.ok ? <Notice tone="error">{loaded.error}</Notice> : null}
      {loaded?.ok ? <ConsentDetails consent={loaded.consent} /> : null}
    </details>
  );
}

function ConsentDetails({ consent }: { consent: SubscriberConsent }) {
  const rows: [string, ReactNode][] = [
    [
      "Wording they agreed to",
      consent.wording ? (
        <q dir="auto">{consent.wording.text}</q>
      ) : (
        "Not recorded: they signed up before consent wordings were kept."
      ),
    ],
    ["Version", consent.wording?.version ?? "—"],
    ["Form", "Newsletter sign-up"],
    ["Page", consent.page === "unknown" ? "Not known" : consent.page],
    ["Signed up", <DateTime at={consent.signedUpAt} />],
    ["Confirmed", consent.confirmedAt ? <DateTime at={consent.confirmedAt} /> : "Not confirmed"],
    [
      "Left",
      consent.leftAt ? (
        <>
          <DateTime at={consent.leftAt} />
          {consent.leftHow ? `, ${LEFT_HOW_LABELS[consent.leftHow]}` : null}
        </>
      ) : (
        "Still subscribed"
      ),
    ],
  ];
  return (
    <DefinitionList rows={rows} className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1" />
  );
}
