import type { ReactNode } from "react";
import type { LeadStatus } from "@leads/workflow";
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
