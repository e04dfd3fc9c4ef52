import { type LeadSource, UTM_FIELDS } from "../../leads/source";
import { site } from "../../common/site";
import type { Contact } from "../../leads/contact";
import { DEMO_PRODUCT_NAMES, type DemoRequest } from "../../leads/demo";
import { type MailMessage, escapeHtml, oneLine } from "./message";

const SALES_TEAM = `${site.name} Sales Team`;

interface Row {
  label: string;
  value: string;
}

function table(rows: Row[]): { text: string; html: string } {
  const text = rows.map((r) => `${r.label}: ${r.value || "(not given)"}`).join("\n");
  const html = `<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      (r) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(r.label)}</th>` +
        `<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(r.value || "(not given)")}</td></tr>`,
    )
    .join("")}</table>`;
  return { text, html };
}

/** Where the lead's visit came from (leads/source.ts): a row for each part it said. */
function sourceRows(source: LeadSource | undefined): Row[] {
  if (!source) return [];
  const rows: [string, string | undefined][] = [
    ["Landing page", source.landingPage],
    ["Referrer", source.referrer],
    ...Object.entries(UTM_FIELDS).map(([field, name]): [string, string | undefined] => [
      name,
      source[field as keyof typeof UTM_FIELDS],
    ]),
  ];
  return rows.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#14201a;line-height:1.5"><h1 style="font-size:20px;color:#0b5d3b">${escapeHtml(title)}</h1>${body}<p style="color:#4a5a52;font-size:12px">${escapeHtml(site.legalName)} · ${escapeHtml(site.url)}</p></body></html>`;
}

/** The line that takes the sales team from the notification to the lead in the staff console. */
function consoleLine(leadUrl: string | undefined): { text: string; html: string } {
  if (!leadUrl) return { text: "", html: "" };
  return {
    text: `\n\nStatus, owner and notes in the staff console: ${leadUrl}`,
    html: `<p><a href="${escapeHtml(leadUrl)}">Open this lead in the staff console</a> to set its status and owner and add notes.</p>`,
  };
}

/** The sales team's notice of a contact message: every field, phone included. */
export function contactNotification(
  contact: Contact,
  receivedAt: string,
  salesEmail: string,
  /** The lead's page in the staff console. */
  leadUrl?: string,
): MailMessage {
  const link = consoleLine(leadUrl);
  const name = `${contact.firstName} ${contact.lastName}`;
  const rows = table([
    { label: "Name", value: name },
    { label: "Email", value: contact.email },
    { label: "Phone", value: contact.phone },
    { label: "Message", value: contact.message },
    { label: "Agreed to privacy policy", value: "Yes" },
    { label: "Received", value: receivedAt },
    ...sourceRows(contact.source),
  ]);
  const title = "New message from the website contact form";
  return {
    to: salesEmail,
    replyTo: contact.email,
    subject: oneLine(`Contact form: ${name}`),
    text: `${title}\n\n${rows.text}\n\nReply to this e-mail to answer ${name}.${link.text}`,
    html: layout(
      title,
      `${rows.html}<p>Reply to this e-mail to answer ${escapeHtml(name)}.</p>${link.html}`,
    ),
    params: {
      from_name: oneLine(name),
      from_email: contact.email,
      to_name: SALES_TEAM,
      phone: contact.phone,
      message: contact.message,
    },
  };
}

/** The sales team's notice of a demo request, naming the product and page. */
export function demoNotification(
  demo: DemoRequest,
  page: string,
  receivedAt: string,
  salesEmail: string,
  /** The lead's page in the staff console. */
  leadUrl?: string,
): MailMessage {
  const link = consoleLine(leadUrl);
  const product = DEMO_PRODUCT_NAMES[demo.product];
  const f = demo.formData;
  const rows = table([
    { label: "Product", value: product },
    { label: "Page", value: page },
    { label: "Name", value: f.name },
    { label: "Email", value: f.email },
    { label: "Phone", value: f.phone },
    { label: "Company", value: f.company },
    { label: "Job title", value: f.jobTitle },
    { label: "Industry", value: f.industry },
    { label: "Received", value: receivedAt },
    ...sourceRows(demo.source),
  ]);
  const title = `New ${product} demo request`;
  return {
    to: salesEmail,
    replyTo: f.email,
    subject: oneLine(`Demo request (${product}): ${f.name}${f.company ? `, ${f.company}` : ""}`),
    text: `${title}\n\n${rows.text}\n\nReply to this e-mail to schedule the demo with ${f.name}.${link.text}`,
    html: layout(
      title,
      `${rows.html}<p>Reply to this e-mail to schedule the demo with ${escapeHtml(f.name)}.</p>${link.html}`,
    ),
    params: {
      from_name: oneLine(f.name),
      from_email: f.email,
      to_name: SALES_TEAM,
      phone: f.phone,
      message: rows.text,
    },
  };
}

/** The addresses a newsletter e-mail links to (built by routes/newsletter.ts). */
export interface NewsletterLinks {
  /** The page whose button confirms the subscription. */
  confirmUrl: string;
  /** The page whose button unsubscribes: the link shown in the e-mail. */
  unsubscribeUrl: string;
  /** Where mail clients post RFC 8058's one-click unsubscribe (List-Unsubscribe): acts at once. */
  oneClickUnsubscribeUrl: string;
}

/**
 * The double opt-in e-mail. Like every newsletter e-mail it carries an unsubscribe link and the
 * List-Unsubscribe headers for one-click unsubscribing in mail clients (RFC 8058). Its links open
 * pages of the site with a button (`/newsletter/confirm`, `/newsletter/unsubscribe`): opening a
 * link changes nothing, pressing the button does.
 */
export function newsletterConfirmation(
  email: string,
  { confirmUrl, unsubscribeUrl, oneClickUnsubscribeUrl }: NewsletterLinks,
): MailMessage {
  const title = `Confirm your subscription to the ${site.name} newsletter`;
  const text = [
    `Hello,`,
    ``,
    `Someone, hopefully you, asked to receive the ${site.name} newsletter at ${email}.`,
    `To confirm, open this link and press the button on the page:`,
    confirmUrl,
    ``,
    `If you did not ask for it, ignore this e-mail and you will not hear from us again.`,
    ``,
    `Unsubscribe at any time: ${unsubscribeUrl}`,
  ].join("\n");
  const html = layout(
    title,
    `<p>Someone, hopefully you, asked to receive the ${escapeHtml(site.name)} newsletter at ${escapeHtml(email)}.</p>` +
      `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#0b5d3b;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">Confirm my subscription</a></p>` +
      `<p>If you did not ask for it, ignore this e-mail and you will not hear from us again.</p>` +
      `<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
  );
  return {
    to: email,
    subject: title,
    text,
    html,
    headers: unsubscribeHeaders(oneClickUnsubscribeUrl),
    params: {
      to_email: email,
      confirm_url: confirmUrl,
      unsubscribe_url: unsubscribeUrl,
      message: text,
    },
  };
}

/**
 * A member of staff's sign-in link. It opens a page of the site whose button signs in: opening
 * the link (as mail scanners do) signs nobody in. Carries nothing typed by whoever asked for it
 * but, in the link, the console page to open afterwards, once checked (sign-in.ts signInUrl).
 */
export function staffSignInLink(
  email: string,
  name: string,
  signInUrl: string,
  validMinutes: number,
): MailMessage {
  return signInMail(
    { email, name, signInUrl },
    {
      subject: `Sign in to the ${site.name} staff console`,
      lead: [],
      validity: `for ${validMinutes} minutes`,
      ifUnexpected: "If you did not ask for it",
    },
  );
}

/**
 * The e-mail of an admin's invitation (server/staff/admin/invitations.ts): who invited the person,
 * with which role and what it gives access to, and the link that signs them in for the first time.
 */
export function staffInvitation(
  email: string,
  name: string,
  signInUrl: string,
  {
    inviter,
    roleLabel,
    roleDuties,
    validDays,
  }: { inviter: string; roleLabel: string; roleDuties: string; validDays: number },
): MailMessage {
  return signInMail(
    { email, name, signInUrl },
    {
      subject: `${oneLine(inviter)} invited you to the ${site.name} staff console`,
      lead: [
        `${inviter} invited you to the ${site.name} staff console as ${roleLabel}: you will have access to ${roleDuties}.`,
      ],
      validity: `within ${validDays} days`,
      ifUnexpected: "If you did not expect it",
    },
  );
}

/** A staff e-mail that carries a sign-in link: its greeting, its words, the button, the fine print. */
function signInMail(
  { email, name, signInUrl }: { email: string; name: string; signInUrl: string },
  words: { subject: string; lead: string[]; validity: string; ifUnexpected: string },
): MailMessage {
  const finePrint = `The link works once, ${words.validity}. ${words.ifUnexpected}, ignore this e-mail: nobody can sign in without the link.`;
  const text = [
    `Hello ${name},`,
    ``,
    ...words.lead.flatMap((line) => [line, ``]),
    `Open this link and press the button on the page to sign in:`,
    signInUrl,
    ``,
    finePrint,
  ].join("\n");
  const html = layout(
    words.subject,
    `<p>Hello ${escapeHtml(name)},</p>` +
      words.lead.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
      `<p><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#0b5d3b;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none">Sign in</a></p>` +
      `<p>${finePrint}</p>`,
  );
  return {
    to: email,
    subject: words.subject,
    text,
    html,
    params: { to_email: email, to_name: oneLine(name), sign_in_url: signInUrl, message: text },
  };
}

/** RFC 8058: mail clients offer "Unsubscribe" and post to the link themselves, in one click. */
function unsubscribeHeaders(oneClickUnsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * A newsletter e-mail written by marketing (the welcome e-mail, a campaign): its subject, its
 * Markdown as HTML (server/newsletter/markdown.ts) and as text, then the subscriber's own
 * unsubscribe link, with the one-click headers.
 */
export function newsletterMail(
  email: string,
  content: { subject: string; html: string; text: string },
  { unsubscribeUrl, oneClickUnsubscribeUrl }: Omit<NewsletterLinks, "confirmUrl">,
): MailMessage {
  const subject = oneLine(content.subject);
  const footer = `You receive this because you subscribed to the ${site.name} newsletter at ${email}.`;
  return {
    to: email,
    subject,
    text: `${content.text}\n\n--\n${footer}\nUnsubscribe: ${unsubscribeUrl}`,
    html: layout(
      subject,
      `${content.html}<hr style="border:0;border-top:1px solid #ddd">` +
        `<p style="font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    ),
    headers: unsubscribeHeaders(oneClickUnsubscribeUrl),
    params: { to_email: email, unsubscribe_url: unsubscribeUrl, message: content.text },
  };
}
