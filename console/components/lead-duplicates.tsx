/**
 * One customer, one record, on a lead's page: the open leads with the same address or phone
 * number ("Possibly the same customer"), each to merge one way or the other or to tell apart;
 * for a lead merged into another, where it went. And the inbox's marker of a lead with such
 * leads. The forms go to the lead page's route (lead-duplicate-actions.ts).
 */
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { consoleLeadPath } from "@common/paths";
import { parseLeadKey } from "@leads/workflow";
import { type LeadDetail, leadsApi } from "../../staff-api/leads";
import { call, routerPath } from "../api";
import { formatDateTime } from "../format";
import { TYPE_LABELS, leadName, productLabel } from "../labels";
import { Badge, StatusBadge } from "./badge";
import { ConfirmButton } from "./confirm-button";
import { MERGE, TELL_APART } from "./lead-duplicate-actions";

/** A linked lead as the section shows it, with the version a merge of it must name. */
interface Linked {
  lead: LeadDetail;
  version: string;
}

/** A lead's page in the console, as the router names it. */
const pageOf = (id: string) => routerPath(consoleLeadPath(id));

/** A lead's type in words from its API id alone ("demo_…" → "demo request"). */
const typeOf = (id: string) => TYPE_LABELS[parseLeadKey(id)?.type ?? "contact"].toLowerCase();

/**
 * The linked leads, read when the page's list of them changes (after a merge, a lead told apart,
 * or any change the page is read again for); one the server no longer answers is left out.
 */
function useLinkedLeads(ids: readonly string[], version: string): Linked[] | null {
  const [linked, setLinked] = useState<Linked[] | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    let current = true;
    Promise.all(
      key
        .split(" ")
        .filter(Boolean)
        .map((id) =>
          call(leadsApi.get, { params: { id } }).then(
            ({ value, version }) => ({ lead: value, version }),
            () => null,
          ),
        ),
    ).then((found) => {
      if (current) setLinked(found.filter((one): one is Linked => one !== null));
    });
    return () => {
      current = false;
    };
  }, [key, version]);
  return linked;
}

/** The section, or where a merged lead went; nothing for a lead with neither. */
export function LeadDuplicates({ lead, version }: { lead: LeadDetail; version: string }) {
  const linked = useLinkedLeads(lead.mergedInto ? [] : lead.duplicates, version);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  const busy = sending ? String(sending.get("intent")) : null;

  if (lead.mergedInto) {
    return (
      <p className="mb-8 rounded-lg border border-brand-700 p-4">
        Merged into{" "}
        <Link to={pageOf(lead.mergedInto)} className="console-link">
          this customer&rsquo;s {typeOf(lead.mergedInto)}
        </Link>
        : it is worked there, where this lead&rsquo;s history shows too.
      </p>
    );
  }
  if (!lead.duplicates.length) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="mb-8 rounded-lg border border-gray-200 p-4"
    >
      <h2 id="duplicates-heading" className="mb-1 text-lg font-bold">
        Possibly the same customer
      </h2>
      <p className="mb-3 text-sm text-muted">
        Open leads with the same e-mail address or phone number.
      </p>
      {linked === null ? (
        <p>Looking them up…</p>
      ) : (
        <ul className="space-y-4">
          {linked.map((other) => (
            <LinkedLead
              key={other.lead.id}
              lead={lead}
              version={version}
              other={other}
              busy={busy}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One linked lead: what it is, and the three things to do about it. */
function LinkedLead({
  lead,
  version,
  other,
  busy,
}: {
  lead: LeadDetail;
  version: string;
  other: Linked;
  busy: string | null;
}) {
  const them = other.lead;
  const name = leadName(them);
  return (
    <li className="space-y-2 border-t border-gray-200 pt-3 first:border-t-0 first:pt-0">
      <p>
        <Link to={pageOf(them.id)} className="console-link" dir="auto">
          {name}
        </Link>{" "}
        <StatusBadge status={them.status} />
      </p>
      <p className="text-sm text-muted">
        {TYPE_LABELS[them.type]}
        {them.product ? ` · ${productLabel(them.product)}` : ""} · Received{" "}
        {formatDateTime(them.createdAt)}
      </p>
      <div className="flex flex-wrap gap-3">
        <MergeForm
          label="Merge into this one"
          question={`Merge this lead into ${name}'s ${typeOf(them.id)}? This lead stays readable, marked as merged, and its history shows on that one.`}
          merged={lead.id}
          into={them.id}
          version={version}
          busy={busy}
        />
        <MergeForm
          label="Merge that one here"
          question={`Merge ${name}'s ${typeOf(them.id)} into this lead? That lead stays readable, marked as merged, and its history shows here.`}
          merged={them.id}
          into={lead.id}
          version={other.version}
          busy={busy}
        />
        <Form method="post">
          <input type="hidden" name="lead" value={lead.id} />
          <input type="hidden" name="from" value={them.id} />
          <button
            type="submit"
            name="intent"
            value={TELL_APART}
            className="console-button-quiet"
            disabled={!!busy}
          >
            Not the same customer
          </button>
        </Form>
      </div>
    </li>
  );
}

/** A merge of `merged` into `into`, asked to confirm first, as of `merged`'s `version`. */
function MergeForm({
  label,
  question,
  merged,
  into,
  version,
  busy,
}: {
  label: string;
  question: string;
  merged: string;
  into: string;
  version: string;
  busy: string | null;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="lead" value={merged} />
      <input type="hidden" name="into" value={into} />
      <input type="hidden" name="version" value={version} />
      <ConfirmButton
        label={label}
        question={question}
        confirmLabel="Merge"
        intent={MERGE}
        busy={busy}
        className="console-button-quiet"
      />
    </Form>
  );
}

/** The inbox's marker of a lead that has open leads with its address or number. */
export function DuplicateMarker({ lead }: { lead: { duplicates: readonly string[] } }) {
  return lead.duplicates.length ? <Badge>Possible duplicate</Badge> : null;
}
