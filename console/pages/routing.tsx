import { useEffect, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { DEMO_PRODUCTS, DEMO_PRODUCT_NAMES, type DemoProduct } from "@leads/demo";
import { LEAD_TYPES, type LeadType } from "@leads/workflow";
import { type TeamMember, teamApi } from "../../staff-api/admin";
import { mayOwnLeads } from "../../staff-api/leads";
import { type RoutingRule, routingApi } from "../../staff-api/routing";
import { ApiError, call, loadCall, staleRecord } from "../api";
import { Notice } from "../components/notice";
import { Options } from "../components/options";
import { PageHeading } from "../components/page-heading";
import { TYPE_LABELS } from "../labels";

export async function routingLoader({ request }: LoaderFunctionArgs) {
  const [{ value, version }, team] = await Promise.all([
    loadCall(request, routingApi.get),
    loadCall(request, teamApi.list),
  ]);
  return { rules: value.rules, version, team: team.items };
}

/** A rule as the editor holds it: both ways of giving leads kept, one of them chosen. */
interface Draft {
  /** Stable across moves, for React and for the focus. */
  key: number;
  type: LeadType;
  product: DemoProduct | "";
  goesTo: "owner" | "rotation";
  owner: string;
  rotation: string[];
  /** A rotation's only: an overdue lead goes to its next available member. */
  reassignOverdue: boolean;
}

let nextKey = 0;
const draftOf = (rule: RoutingRule): Draft => ({
  key: nextKey++,
  type: rule.type,
  product: rule.product ?? "",
  goesTo: rule.rotation ? "rotation" : "owner",
  owner: rule.owner ?? "",
  rotation: rule.rotation ?? [],
  reassignOverdue: rule.reassignOverdue ?? false,
});
const ruleOf = (draft: Draft): RoutingRule => ({
  type: draft.type,
  ...(draft.type === "demo" && draft.product ? { product: draft.product } : {}),
  ...(draft.goesTo === "owner" ? { owner: draft.owner } : { rotation: draft.rotation }),
  ...(draft.goesTo === "rotation" && draft.reassignOverdue ? { reassignOverdue: true } : {}),
});

/** The rule in one sentence, above its controls: which leads go where, and what if overdue. */
function summaryOf(draft: Draft, nameOf: (address: string) => string) {
  const leads = `${TYPE_LABELS[draft.type]}s${draft.type === "demo" && draft.product ? ` for ${DEMO_PRODUCT_NAMES[draft.product]}` : ""}`;
  if (draft.goesTo === "owner") {
    return `${leads} go to ${draft.owner ? nameOf(draft.owner) : "nobody yet"}.`;
  }
  const members = draft.rotation.length === 1 ? "1 member" : `${draft.rotation.length} members`;
  const handedOn = draft.reassignOverdue
    ? "; an overdue one is handed on to the next available member"
    : "";
  return `${leads} go to a rotation of ${members}${handedOn}.`;
}

const PRODUCT_CHOICES: [string, string][] = [
  ["", "Any product"],
  ...DEMO_PRODUCTS.map((product): [string, string] => [product, DEMO_PRODUCT_NAMES[product]]),
];
const TYPE_CHOICES = LEAD_TYPES.map((type): [string, string] => [type, TYPE_LABELS[type]]);

/**
 * Who new leads go to: the rules in order, the first that matches a lead giving it to one owner
 * or to the next available member of a rotation (skipping whoever is disabled or away). Saved
 * whole, on the version read: a colleague's save in between is shown, not overwritten.
 */
export function RoutingPage() {
  const loaded = useLoaderData<typeof routingLoader>();
  const [drafts, setDrafts] = useState(() => loaded.rules.map(draftOf));
  const [version, setVersion] = useState(loaded.version);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  /** The control to focus once the list has moved: `rule-<key>-<what>`. */
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, drafts]);

  // Who may be given leads: enabled sales and admins; a former one a rule still names shows too.
  const owners = loaded.team.filter((member) => !member.disabled && mayOwnLeads(member.role));

  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const move = (index: number, by: -1 | 1, what: "up" | "down") => {
    const target = index + by;
    setDrafts((all) => {
      const moved = [...all];
      [moved[index], moved[target]] = [moved[target]!, moved[index]!];
      return moved;
    });
    const draft = drafts[index]!;
    // At the top or bottom the button it used is gone: the other one takes the focus.
    const edge = target === 0 || target === drafts.length - 1;
    setFocus(`rule-${draft.key}-${edge ? (what === "up" ? "down" : "up") : what}`);
  };
  const remove = (index: number) => {
    setDrafts((all) => all.filter((_, at) => at !== index));
    setFocus("add-rule");
  };
  const add = () => {
    const draft = draftOf({ type: "demo", rotation: [] });
    setDrafts((all) => [...all, draft]);
    setFocus(`rule-${draft.key}-type`);
  };

  async function save() {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await call(routingApi.update, {
        body: { rules: drafts.map(ruleOf) },
        version,
      });
      setDrafts(saved.value.rules.map(draftOf));
      setVersion(saved.version);
      setNotice({ tone: "success", text: "Saved. New leads follow these rules from now on." });
    } catch (error) {
      const stale = staleRecord(error, routingApi.update);
      if (stale) {
        setDrafts(stale.current.rules.map(draftOf));
        setVersion(stale.version);
      }
      setNotice({
        tone: "error",
        text:
          error instanceof ApiError
            ? `${error.message}${stale ? " The rules as they now are are shown." : ""}`
            : "Not saved. Try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <PageHeading title="Lead routing" />
      <p className="mb-4 max-w-prose text-muted">
        Every new contact message and demo request gets an owner as it arrives, who is e-mailed at
        once. The rules are read from the top: the first that matches a lead decides. A rotation
        gives each lead to its next member who is not away or disabled; when none is available, the
        lead waits in the inbox with nobody as its owner.
      </p>
      <Notice tone={notice?.tone ?? "error"} focusOn={notice ?? undefined}>
        {notice?.text}
      </Notice>
      {drafts.length === 0 ? (
        <p className="mb-4">No rules: new leads wait in the inbox for someone to take them.</p>
      ) : (
        <ol className="mb-4 space-y-4">
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <RuleEditor
                draft={draft}
                number={index + 1}
                owners={owners}
                first={index === 0}
                last={index === drafts.length - 1}
                onChange={(patch) => change(draft.key, patch)}
                onMove={(by) => move(index, by, by < 0 ? "up" : "down")}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-3">
        <button id="add-rule" type="button" className="console-button-quiet" onClick={add}>
          Add a rule
        </button>
        <button
          type="button"
          className="console-button"
          disabled={busy}
          onClick={() => void save()}
        >
          {busy ? "Saving…" : "Save the rules"}
        </button>
      </div>
    </section>
  );
}

interface RuleEditorProps {
  draft: Draft;
  number: number;
  owners: TeamMember[];
  first: boolean;
  last: boolean;
  onChange: (patch: Partial<Draft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One rule: which leads, and to whom; its place in the order, and removing it. */
function RuleEditor({ draft, number, owners, first, last, ...on }: RuleEditorProps) {
  const id = (what: string) => `rule-${draft.key}-${what}`;
  const named = [draft.owner, ...draft.rotation].filter(
    (address) => address && !owners.some((member) => member.email === address),
  );
  const choices = [
    ...owners.map((member): [string, string] => [member.email, member.name || member.email]),
    ...named.map((address): [string, string] => [address, `${address} (may not own leads)`]),
  ];
  const nameOf = (address: string) =>
    choices.find(([choice]) => choice === address)?.[1] ?? address;
  const toggle = (address: string, on: boolean) =>
    on
      ? draft.rotation.filter((member) => member !== address).concat(address)
      : draft.rotation.filter((member) => member !== address);
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold">Rule {number}</legend>
      <p id={id("summary")} className="mb-3 text-muted">
        {summaryOf(draft, nameOf)}
      </p>
      <div className="flex flex-wrap gap-4">
        <Choice
          id={id("type")}
          label="Leads"
          value={draft.type}
          choices={TYPE_CHOICES}
          onPick={(type) => on.onChange({ type: type as LeadType })}
        />
        {draft.type === "demo" ? (
          <Choice
            label="Product"
            value={draft.product}
            choices={PRODUCT_CHOICES}
            onPick={(product) => on.onChange({ product: product as DemoProduct })}
          />
        ) : null}
      </div>
      <fieldset className="mt-4">
        <legend className="mb-1">Go to</legend>
        <div className="flex flex-wrap gap-4">
          {(["owner", "rotation"] as const).map((way) => (
            <label key={way} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={id("goes-to")}
                checked={draft.goesTo === way}
                onChange={() => on.onChange({ goesTo: way })}
              />
              {way === "owner" ? "One owner" : "A rotation"}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.goesTo === "owner" ? (
        <div className="mt-3">
          <Choice
            label="Owner"
            value={draft.owner}
            choices={[["", "Choose someone"], ...choices]}
            onPick={(owner) => on.onChange({ owner })}
          />
        </div>
      ) : (
        <>
          <fieldset className="mt-3">
            <legend className="mb-1">Members of the rotation, in turn</legend>
            <ul className="grid gap-1">
              {choices.map(([address, name]) => (
                <li key={address}>
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={draft.rotation.includes(address)}
                      onChange={(event) =>
                        on.onChange({ rotation: toggle(address, event.target.checked) })
                      }
                    />
                    {name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="mt-3">
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.reassignOverdue}
                aria-describedby={id("hand-on-hint")}
                onChange={(event) => on.onChange({ reassignOverdue: event.target.checked })}
              />
              Hand an overdue lead to the next available member
            </label>
            <p id={id("hand-on-hint")} className="mt-1 max-w-prose text-muted">
              When a lead passes its response target unanswered, it goes to the next member who is
              not away or disabled, who is e-mailed as its new owner. Its former owner and the
              admins are told as well. When no one else is available, it stays with its owner.
            </p>
          </div>
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {first ? null : <MoveButton id={id("up")} number={number} way="up" onMove={on.onMove} />}
        {last ? null : <MoveButton id={id("down")} number={number} way="down" onMove={on.onMove} />}
        <button
          type="button"
          className="console-button-danger"
          aria-label={`Remove rule ${number}`}
          onClick={on.onRemove}
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/** A labelled select of `choices`, which says the value picked. */
function Choice({
  id,
  label,
  value,
  choices,
  onPick,
}: {
  id?: string;
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  onPick: (value: string) => void;
}) {
  return (
    <label className="grid max-w-sm gap-1">
      {label}
      <select
        id={id}
        className="console-input"
        value={value}
        onChange={(event) => onPick(event.target.value)}
      >
        <Options choices={choices} />
      </select>
    </label>
  );
}

/** Moves rule `number` one place up or down; named with the rule's number. */
function MoveButton({
  id,
  number,
  way,
  onMove,
}: {
  id: string;
  number: number;
  way: "up" | "down";
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className="console-button-quiet"
      aria-label={`Move rule ${number} ${way}`}
      onClick={() => onMove(way === "up" ? -1 : 1)}
    >
      Move {way}
    </button>
  );
}
