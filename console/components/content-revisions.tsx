import { type FormEvent, useEffect, useId, useState } from "react";
import type { ContentKind } from "@common/published";
import type { TeamMember } from "../../staff-api/admin";
import { CONTENT_APIS } from "../../staff-api/publishing";
import { ApiError, call } from "../api";
import { type ContentValues, FIELD_LABELS, changedFields, fieldText, valuesOf } from "../content";
import { ConfirmButton } from "./confirm-button";
import { DateTime } from "./date-time";
import { Section } from "./section";
import { TableHead } from "./table-head";
import { StaffName } from "./staff-name";

/** One saved revision as this section shows it. */
export interface Revision {
  revision: number;
  savedAt: string;
  savedBy: string;
  values: ContentValues;
}

/**
 * The item's revisions, newest first (number, when and by whom), read again after each save
 * (`latest`); two of them compared field by field; and Restore (asked first), which saves the
 * chosen revision's fields as a new revision.
 */
export function ContentRevisions({
  kind,
  id,
  latest,
  team,
  pictureName,
  busy,
  restore,
}: {
  kind: ContentKind;
  id: string;
  latest: number;
  team: readonly TeamMember[];
  pictureName: (id: string) => string;
  busy: string | null;
  restore: (revision: number) => void;
}) {
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    call(CONTENT_APIS[kind].revisions, { params: { id } }).then(
      ({ items }) => {
        if (!current) return;
        const newestFirst = [...items].sort((a, b) => b.revision - a.revision);
        setRevisions(newestFirst.map((item) => ({ ...item, values: valuesOf(item.fields) })));
      },
      (error: unknown) => {
        if (current)
          setProblem(
            error instanceof ApiError ? error.message : "The revisions could not be read.",
          );
      },
    );
    return () => {
      current = false;
    };
  }, [kind, id, latest]);

  return (
    <Section id="revisions" title="Revisions">
      {problem ? <p role="alert">{problem}</p> : null}
      {revisions === null && !problem ? <p role="status">Loading the revisions…</p> : null}
      {revisions ? (
        <>
          <table className="w-full max-w-3xl text-left">
            <caption className="sr-only">Revisions, newest first</caption>
            <TableHead
              headings={["Revision", "Saved", "By", <span className="sr-only">Restore</span>]}
            />
            <tbody>
              {revisions.map((revision) => (
                <tr key={revision.revision} className="border-b border-gray-200 align-top">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {revision.revision}
                    {revision.revision === latest ? " (latest)" : ""}
                  </th>
                  <td className="py-2 pr-4">
                    <DateTime at={revision.savedAt} />
                  </td>
                  <td className="py-2 pr-4">
                    <StaffName address={revision.savedBy} team={team} />
                  </td>
                  <td className="py-2">
                    {revision.revision === latest ? null : (
                      <RestoreButton revision={revision.revision} busy={busy} restore={restore} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {revisions.length > 1 ? (
            <RevisionComparison kind={kind} revisions={revisions} pictureName={pictureName} />
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** Restore, asked first: the revision's fields become a new revision; nothing is lost. */
function RestoreButton({
  revision,
  busy,
  restore,
}: {
  revision: number;
  busy: string | null;
  restore: (revision: number) => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    restore(revision);
  };
  return (
    <form onSubmit={submit}>
      <ConfirmButton
        label={`Restore revision ${revision}…`}
        question={`Restore revision ${revision}? Its fields are saved as a new revision; what you typed and have not saved is replaced. The site changes only when you publish.`}
        confirmLabel={`Yes, restore revision ${revision}`}
        intent={`restore-${revision}`}
        busy={busy}
        className="console-button-quiet"
      />
    </form>
  );
}

/**
 * Two revisions side by side: each field that differs, with its value before and after, in a
 * table a screen reader reads row by row ("Title, before: …, after: …").
 */
export function RevisionComparison({
  kind,
  revisions,
  pictureName,
}: {
  kind: ContentKind;
  revisions: readonly Revision[];
  pictureName: (id: string) => string;
}) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState(revisions[1]?.revision ?? 0);
  const [to, setTo] = useState(revisions[0]?.revision ?? 0);
  const before = revisions.find((revision) => revision.revision === from);
  const after = revisions.find((revision) => revision.revision === to);
  const fields = before && after ? changedFields(kind, before.values, after.values) : [];
  const picker = (id: string, label: string, value: number, set: (value: number) => void) => (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => set(Number(event.target.value))}
        className="console-input mt-1.5 min-h-11"
      >
        {revisions.map((revision) => (
          <option key={revision.revision} value={revision.revision}>
            Revision {revision.revision}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="mt-6 space-y-3">
      <h3 className="font-bold">Compare two revisions</h3>
      <div className="flex flex-wrap gap-4">
        {picker(fromId, "Before", from, setFrom)}
        {picker(toId, "After", to, setTo)}
      </div>
      <div role="status">
        {before && after && fields.length === 0 ? (
          <p>
            Revisions {from} and {to} have the same fields.
          </p>
        ) : null}
      </div>
      {before && after && fields.length > 0 ? (
        <table className="w-full text-left">
          <caption className="mb-2 text-left">
            {fields.length === 1 ? "1 field differs" : `${fields.length} fields differ`} between
            revision {from} and revision {to}
          </caption>
          <TableHead headings={["Field", `Before (revision ${from})`, `After (revision ${to})`]} />
          <tbody>
            {fields.map((field) => (
              <tr key={field} className="border-b border-gray-200 align-top">
                <th scope="row" className="py-2 pr-4">
                  {FIELD_LABELS[field]}
                </th>
                <td dir="auto" className="py-2 pr-4 whitespace-pre-wrap">
                  {fieldText(before.values, field, pictureName)}
                </td>
                <td dir="auto" className="py-2 whitespace-pre-wrap">
                  {fieldText(after.values, field, pictureName)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
