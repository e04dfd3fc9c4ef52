/**
 * An access request's answer as a page the company can send to the person as it is: one
 * self-contained HTML file (styles inline, nothing loaded), in plain words, every stored value
 * escaped (mail/message.ts escapeHtml), times on Accra's clock. Staff are named by name and role,
 * never by address; statuses and actions in the console's words, told to the person (decision
 * 0040).
 */
import { site } from "../../common/site";
import { actionToPerson } from "../../staff-api/audit-labels";
import { LEAD_TYPE_LABELS } from "../../staff-api/lead-labels";
import type { PersonExport } from "../../staff-api/people";
import { escapeHtml as e } from "../mail/message";
import {
  FIELD_WORDS,
  LEFT_HOW_WORDS,
  MAIL_EVENT_WORDS,
  SUPPRESSION_WORDS,
  TIME_FIELDS,
  agreedWords,
  historyWords,
  messageStateWords,
  messageWords,
  staffWords,
  statusWords,
} from "./export-words";
import { formatAccraTime } from "../../common/accra-time";

/** A table of label and value rows. */
function rows(pairs: [string, string | null][]): string {
  const body = pairs
    .map(([label, value]) => `<tr><th scope="row">${e(label)}</th><td>${e(value ?? "—")}</td></tr>`)
    .join("");
  return `<table>${body}</table>`;
}

/** A table with a header row, or a sentence when there is nothing. */
function table(head: string[], body: string[][], none: string): string {
  if (!body.length) return `<p>${e(none)}</p>`;
  const th = head.map((h) => `<th scope="col">${e(h)}</th>`).join("");
  const tr = body.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

const fieldRows = (fields: Record<string, string | null>) =>
  Object.entries(fields).map(([name, value]): [string, string | null] => [
    FIELD_WORDS[name] ?? name,
    TIME_FIELDS.has(name) ? formatAccraTime(value) : value,
  ]);

function leadsSection(found: PersonExport): string {
  if (!found.leads.length) return "<p>We hold no contact message or demo request from you.</p>";
  return found.leads
    .map((lead) => {
      const notes = found.notes.filter((note) => note.leadId === lead.id);
      const emails = found.emails.filter((mail) => mail.leadId === lead.id);
      return (
        `<h3>${e(LEAD_TYPE_LABELS[lead.type])} of ${e(formatAccraTime(lead.fields.created_at ?? null))}</h3>` +
        rows([
          ...fieldRows(lead.fields),
          ["What you agreed to", agreedWords(lead.consent)],
          ["Agreed", formatAccraTime(lead.consent.agreedAt)],
          ["Looked after by", lead.owner ? staffWords(lead.owner) : "nobody yet"],
          ["Stage", statusWords(lead.status)],
          ["First answered", formatAccraTime(lead.firstResponseAt)],
        ]) +
        `<h4>How our staff handled it</h4>` +
        table(
          ["When", "What happened", "Who"],
          lead.history.map((h) => [
            formatAccraTime(h.at),
            historyWords(lead.type, h),
            staffWords(h.by),
          ]),
          "No changes were made.",
        ) +
        `<h4>Our staff's notes about it</h4>` +
        table(
          ["When", "Written by", "Note"],
          notes.map((n) => [formatAccraTime(n.at), staffWords(n.by), n.text]),
          "Our staff wrote no notes about it.",
        ) +
        `<h4>E-mails between you and our staff about it</h4>` +
        table(
          ["When", "From", "Subject", "Words"],
          emails.map((m) => [
            formatAccraTime(m.at),
            m.direction === "to-person" ? staffWords(m.by) : `You (${m.from ?? ""})`,
            m.subject ?? "—",
            m.text,
          ]),
          "No e-mails were exchanged about it.",
        )
      );
    })
    .join("");
}

function subscriptionsSection(found: PersonExport): string {
  if (!found.subscriptions.length) return "<p>You have not signed up for our newsletter.</p>";
  return found.subscriptions
    .map(
      (s) =>
        rows([
          ["E-mail address", s.email],
          ["State", s.status],
          ["Signed up on the page", s.consent.page],
          ["Signed up", formatAccraTime(s.consent.signedUpAt)],
          ["Confirmed", formatAccraTime(s.consent.confirmedAt)],
          ["Left", formatAccraTime(s.consent.leftAt)],
          ["How you left", s.consent.leftHow ? LEFT_HOW_WORDS[s.consent.leftHow] : "—"],
          ...fieldRows(s.fields),
        ]) +
        (s.consent.text === null
          ? "<p>The wording you agreed to when you signed up was not recorded: sign-ups made " +
            "before we kept consent records have only the date and the page.</p>"
          : rows([
              ["What you agreed to", s.consent.text],
              ["Version", s.consent.version],
            ])),
    )
    .join("");
}

function mailSection(found: PersonExport): string {
  const { entry, events } = found.suppressions;
  return (
    table(
      ["Message", "Created", "Sent", "State"],
      found.messages.map((m) => [
        messageWords(m.kind, m.campaign),
        formatAccraTime(m.createdAt),
        formatAccraTime(m.sentAt),
        messageStateWords(m.status, m.outcome),
      ]),
      "We have sent no message to you or about you.",
    ) +
    `<h3>Mail that came back</h3>` +
    table(
      ["When", "What happened", "Code", "What the receiving server said"],
      events.map((ev) => [
        formatAccraTime(ev.at),
        MAIL_EVENT_WORDS[ev.type] ?? ev.type,
        ev.status ?? "—",
        ev.detail,
      ]),
      "None of our mail to you came back.",
    ) +
    (entry
      ? `<p>We no longer send mail to ${e(entry.email)} since ${e(formatAccraTime(entry.at))}: ` +
        `${e(SUPPRESSION_WORDS[entry.reason] ?? entry.reason)}.</p>`
      : "<p>Nothing stops our mail to you.</p>")
  );
}

const STYLE =
  "body{font-family:Arial,sans-serif;color:#14201a;line-height:1.5;max-width:52rem;margin:2rem auto;padding:0 1rem}" +
  "h1,h2{color:#0b5d3b}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}" +
  "th,td{border:1px solid #ccd5d0;padding:.3rem .5rem;text-align:left;vertical-align:top;white-space:pre-wrap}";

/** The whole page. */
export function exportHtml(found: PersonExport): string {
  const { by, value, email } = found.query;
  const key =
    by === "email"
      ? `e-mail address ${value}`
      : `phone number ${value}${email === undefined ? "" : ` and the e-mail address ${email}`}`;
  const title = `What ${site.legalName} holds about you`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>` +
    `<style>${STYLE}</style></head><body><h1>${e(title)}</h1>` +
    `<p>You asked what we hold about you under Ghana's Data Protection Act, 2012 (Act 843). ` +
    `This is everything we found under the ${e(key)} on ` +
    `${e(formatAccraTime(found.exportedAt))}. Every time is Accra time.</p>` +
    (found.query.by === "phone"
      ? "<p>A phone number finds your messages to us only: our newsletter and the mail we " +
        "send are kept by e-mail address. Ask with your address to see those too.</p>"
      : "") +
    `<h2>Your messages to us</h2>${leadsSection(found)}` +
    `<h2>Our newsletter</h2>${subscriptionsSection(found)}` +
    `<h2>Mail we sent to you or about you</h2>${mailSection(found)}` +
    `<h2>Who at ${e(site.name)} looked at or changed your records</h2>` +
    table(
      ["When", "What", "Who"],
      found.audit.map((a) => [
        formatAccraTime(a.at),
        actionToPerson(a.action),
        staffWords(a.actor),
      ]),
      "No one has.",
    ) +
    `<p>Questions, or something to correct or erase: write to ${e(site.emails.compliance)}.</p>` +
    `</body></html>`
  );
}
