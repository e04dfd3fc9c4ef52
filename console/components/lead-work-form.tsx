import { Form } from "react-router";
import { LEAD_STATUSES, type LeadStatus } from "@leads/workflow";
import type { TeamMember } from "../../staff-api/admin";
import { type LeadDetail, mayOwnLeads } from "../../staff-api/leads";
import { Field } from "~/components/ui/field";
import { STATUS_LABELS, choices } from "../labels";
import { IntentButton } from "./newsletter-editor";
import { Options } from "./options";
import { nameOf } from "./staff-name";
import { changedWhileOpen } from "../stale";

/** What the form was filled with: the lead's status and owner ("" for nobody) when it was read. */
const WAS_STATUS = "was-status";
const WAS_OWNER = "was-owner";

/**
 * A lead's status and owner, as read at `version`. The form sends that version and what it was
 * filled with, so that its action sends only what the person changed (`leadChanges`) and, when
 * someone else changed the lead meanwhile, can say what (`changedMeanwhile`). Keyed by the
 * version, it is filled anew with the lead as it is once a save, or a refusal, brings a new one.
 */
export function LeadWorkForm({
  lead,
  version,
  team,
  busy,
}: {
  lead: LeadDetail;
  version: string;
  team: TeamMember[];
  /** The intent of the form being sent, if any (useFormResult). */
  busy: string | null;
}) {
  return (
    <Form method="post" className="space-y-4" key={version}>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name={WAS_STATUS} value={lead.status} />
      <input type="hidden" name={WAS_OWNER} value={lead.owner ?? ""} />
      <Field label="Status">
        {(props) => (
          <select {...props} name="status" defaultValue={lead.status} className="console-input">
            <Options choices={choices(LEAD_STATUSES, STATUS_LABELS)} />
          </select>
        )}
      </Field>
      <Field label="Owner" hint="Someone in sales, or an admin.">
        {(props) => (
          <select {...props} name="owner" defaultValue={lead.owner ?? ""} className="console-input">
            <option value="">Nobody yet</option>
            <Options choices={ownerChoices(team, lead.owner)} />
          </select>
        )}
      </Field>
      <IntentButton intent="update" label="Save" busyLabel="Saving…" busy={busy} />
    </Form>
  );
}

/**
 * Whom the lead can be given to: the enabled accounts that work leads (sales, admins). The owner
 * it has stays a choice even when they no longer may own it (disabled, or their role changed),
 * so that the form shows who has it and saving anything else leaves them in place.
 */
export function ownerChoices(team: TeamMember[], owner: string | null): [string, string][] {
  const named = (member: TeamMember) =>
    member.name ? `${member.name} (${member.email})` : member.email;
  const owners = team.filter((member) => mayOwnLeads(member.role) && !member.disabled);
  const choices = owners.map((member): [string, string] => [member.email, named(member)]);
  if (owner === null || owners.some((member) => member.email === owner)) return choices;
  const member = team.find((each) => each.email === owner);
  // An owner the team does not know is an account gone since: no longer there to work it.
  const why = member && !member.disabled ? "cannot open leads" : "disabled";
  return [[owner, `${member ? named(member) : owner} (${why})`], ...choices];
}

/** The fields of the form that differ from what it was filled with: all a save sends. */
export function leadChanges(form: FormData): { status?: LeadStatus; owner?: string | null } {
  const text = (name: string) => String(form.get(name) ?? "");
  const changes: { status?: LeadStatus; owner?: string | null } = {};
  // A status the console does not offer is sent on, for the server to refuse.
  if (text("status") !== text(WAS_STATUS)) changes.status = text("status") as LeadStatus;
  if (text("owner") !== text(WAS_OWNER)) changes.owner = text("owner") || null;
  return changes;
}

/**
 * What to say when a save was refused because `current`, the lead now, changed meanwhile; its
 * owner named as `team` names them.
 */
export function changedMeanwhile(
  form: FormData,
  current: LeadDetail,
  team: readonly TeamMember[],
): string {
  const changed: string[] = [];
  if (current.status !== form.get(WAS_STATUS)) {
    changed.push(`status is now ${STATUS_LABELS[current.status]}`);
  }
  if ((current.owner ?? "") !== form.get(WAS_OWNER)) {
    changed.push(`owner is now ${nameOf(team, current.owner)}`);
  }
  return changedWhileOpen({
    record: "this lead",
    changes: changed,
    notMade: "Your change was not saved.",
    next: "The form now shows the lead as it is: make your change again if it still applies.",
  });
}
