import type { ReactNode } from "react";
import type { LeadStatus } from "@leads/workflow";
import type { TargetState } from "../../staff-api/service-hours";
import { formatDateTime, formatDuration } from "../format";
import { STATUS_LABELS } from "../labels";

/** A status in words inside an outline (never colour alone), as the lists and pages show it. */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-block rounded-full border border-brand-700 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
      {children}
    </span>
  );
}

/** A lead's status, as the inbox and the lead's page show it. */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return <Badge>{STATUS_LABELS[status]}</Badge>;
}

/** What the inbox and the lead's page say of a lead's first response target, at `now`. */
export function targetWords(
  { dueAt, target }: { dueAt: string | null; target: TargetState | null },
  now: Date,
): string | null {
  if (dueAt === null || target === null) return null;
  const left = Date.parse(dueAt) - now.getTime();
  switch (target) {
    case "met":
      return "Answered in time";
    case "missed":
      return "Answered late";
    case "overdue":
      return `Overdue by ${formatDuration(Math.max(0, -left))}`;
    default:
      // Reckoned by the server when the page loaded; the page's clock has gone on since.
      if (left <= 0) return `Overdue by ${formatDuration(-left)}`;
      return `${target === "near" ? "Due soon: in" : "Due in"} ${formatDuration(left)}`;
  }
}

/** Where a lead stands against its target, in words (never colour alone); the due time beside. */
export function TargetBadge({
  lead,
  now,
}: {
  lead: { dueAt: string | null; target: TargetState | null };
  now: Date;
}) {
  const words = targetWords(lead, now);
  if (words === null) return null;
  const urgent = lead.target === "overdue" || lead.target === "near" || lead.target === "missed";
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${
        urgent ? "border-red-800 text-red-900" : "border-brand-700 text-brand-900"
      }`}
      title={lead.dueAt ? `Due ${formatDateTime(lead.dueAt)}` : undefined}
    >
      {words}
    </span>
  );
}
