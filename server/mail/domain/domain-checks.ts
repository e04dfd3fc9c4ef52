/**
 * The sending-domain check an admin runs from the console (`mailDomainApi.check`): whether
 * the DNS holds what mailbox providers look for before they trust the mail (SPF, DKIM, DMARC) and
 * what brings bounces back (the inbound domain's MX), each with advice an admin who is no
 * engineer can act on. docs/mail-deliverability.md says why each matters.
 */
import { createPublicKey } from "node:crypto";
import type { Resolver } from "node:dns/promises";
import type { DomainCheck } from "../../../staff-api/mail";
import type { DeliverabilityConfig } from "../../config-deliverability";
import { type Lookup, dnsResolver, mxRecords, tagsOf, txtRecords } from "./dns-records";

export interface DomainCheckSettings {
  /** MAIL_FROM, whose domain SPF and DMARC are read for. */
  mailFrom: string;
  deliverability: DeliverabilityConfig;
  /** The site's address: the host the inbound MX is likely to point at. */
  publicUrl: string;
}

/** The domain of the From address ("Name <a@b.example>" → "b.example"), lower case. */
export function fromDomainOf(mailFrom: string): string | null {
  const match = /@([^\s<>@]+?)>?\s*$/.exec(mailFrom.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

/** A failed lookup as the check's answer: not ok, with the sentence that says why. */
const failedCheck = (name: DomainCheck["name"], host: string, failed: string): DomainCheck => ({
  name,
  ok: false,
  host,
  found: [],
  expected: null,
  advice: failed,
});

/** A check the server is not configured for: not ok, with what to set. */
const notConfigured = (name: DomainCheck["name"], advice: string): DomainCheck => ({
  name,
  ok: false,
  host: null,
  found: [],
  expected: null,
  advice,
});

const records = (lookup: Lookup) => ("records" in lookup ? lookup.records : []);

const SPF_EXAMPLE = "v=spf1 mx include:<your mail provider's SPF domain> ~all";

export async function spfCheck(resolver: Resolver, domain: string): Promise<DomainCheck> {
  const lookup = await txtRecords(resolver, domain);
  if ("failed" in lookup) return failedCheck("spf", domain, lookup.failed);
  const found = records(lookup).filter((record) => /^v=spf1(\s|$)/i.test(record));
  const check = { name: "spf" as const, host: domain, found };
  if (found.length === 0) {
    return {
      ...check,
      ok: false,
      expected: SPF_EXAMPLE,
      advice: `${domain} has no SPF record, so mailbox providers cannot tell which servers may send its mail. Publish one TXT record at ${domain} naming the servers that send it; your mail provider's help pages give the exact "include:" to use.`,
    };
  }
  if (found.length > 1) {
    return {
      ...check,
      ok: false,
      expected: null,
      advice: `${domain} has ${found.length} SPF records; with more than one, mailbox providers treat SPF as broken. Merge them into a single TXT record starting "v=spf1".`,
    };
  }
  if (/(^|\s)\+?all(\s|$)/i.test(found[0] ?? "")) {
    return {
      ...check,
      ok: false,
      expected: null,
      advice: `The SPF record ends in "+all", which lets any server in the world send as ${domain}. Change "+all" to "~all" (or "-all" once you are sure the record lists every sender).`,
    };
  }
  return { ...check, ok: true, expected: null, advice: "One SPF record: nothing to do." };
}

/** The `p=` a DKIM record must carry for this private key (RFC 6376; Ed25519: RFC 8463). */
export function dkimPublicKey(privateKey: string): { keyType: "rsa" | "ed25519"; p: string } {
  const key = createPublicKey(privateKey);
  const spki = key.export({ type: "spki", format: "der" });
  // An Ed25519 record carries the bare 32-byte key, not its SPKI wrapping.
  return key.asymmetricKeyType === "ed25519"
    ? { keyType: "ed25519", p: spki.subarray(spki.length - 32).toString("base64") }
    : { keyType: "rsa", p: spki.toString("base64") };
}

export async function dkimCheck(
  resolver: Resolver,
  dkim: DeliverabilityConfig["dkim"],
): Promise<DomainCheck> {
  if (!dkim) {
    return notConfigured(
      "dkim",
      "The server does not sign its mail: DKIM is not set up. Ask the engineer who runs the server to set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE; this page then shows the record to publish.",
    );
  }
  const host = `${dkim.selector}._domainkey.${dkim.domain}`;
  const { keyType, p } = dkimPublicKey(dkim.privateKey);
  const expected = `v=DKIM1; k=${keyType}; p=${p}`;
  const lookup = await txtRecords(resolver, host);
  if ("failed" in lookup) return { ...failedCheck("dkim", host, lookup.failed), expected };
  const found = records(lookup).filter((record) => tagsOf(record).has("p"));
  const published = found.map((record) => (tagsOf(record).get("p") ?? "").replace(/\s+/g, ""));
  const check = { name: "dkim" as const, host, found, expected };
  if (published.includes(p)) {
    return {
      ...check,
      ok: true,
      advice: "The published key matches the key the server signs with.",
    };
  }
  return {
    ...check,
    ok: false,
    advice:
      found.length === 0
        ? `There is no DKIM record at ${host}, so providers cannot verify the signature on our mail. Publish this TXT record there.`
        : `The key published at ${host} is not the key the server signs with, so every signature fails. Replace the record with this one.`,
  };
}

const DMARC_POLICIES = new Set(["none", "quarantine", "reject"]);

export async function dmarcCheck(resolver: Resolver, domain: string): Promise<DomainCheck> {
  const host = `_dmarc.${domain}`;
  const expected = "v=DMARC1; p=quarantine";
  const lookup = await txtRecords(resolver, host);
  if ("failed" in lookup) return failedCheck("dmarc", host, lookup.failed);
  const found = records(lookup).filter((record) => /^v=DMARC1\s*(;|$)/i.test(record));
  const check = { name: "dmarc" as const, host, found };
  if (found.length !== 1) {
    return {
      ...check,
      ok: false,
      expected,
      advice:
        found.length === 0
          ? `DMARC is missing: ${domain} publishes no DMARC record, and large mailbox providers now refuse or junk bulk mail without one. Publish this TXT record at ${host}.`
          : `${host} has ${found.length} DMARC records; providers ignore them all. Keep a single one, such as this.`,
    };
  }
  const policy = tagsOf(found[0] ?? "")
    .get("p")
    ?.toLowerCase();
  if (!policy || !DMARC_POLICIES.has(policy)) {
    return {
      ...check,
      ok: false,
      expected,
      advice: `The DMARC record has no valid policy ("p=" must be none, quarantine or reject). Replace it with this one.`,
    };
  }
  return {
    ...check,
    ok: true,
    expected: policy === "none" ? expected : null,
    advice:
      policy === "none"
        ? `DMARC is published with "p=none": providers report but do nothing with mail that fails. Once SPF and DKIM pass, change it to "p=quarantine" so that forged mail is junked.`
        : `DMARC is published with "p=${policy}": nothing to do.`,
  };
}

export async function inboundMxCheck(
  resolver: Resolver,
  inbound: DeliverabilityConfig["inbound"],
  publicUrl: string,
): Promise<DomainCheck> {
  if (!inbound) {
    return notConfigured(
      "inbound-mx",
      "Bounces and complaints do not come back to this server: the return path is not set up. Ask the engineer who runs the server to set INBOUND_MAIL_DOMAIN and INBOUND_MAIL_SECRET (and INBOUND_SMTP_PORT for the listener).",
    );
  }
  const host = inbound.domain;
  const target = new URL(publicUrl).hostname;
  const expected = `${host}. MX 10 ${target}.`;
  const lookup = await mxRecords(resolver, host);
  if ("failed" in lookup) return { ...failedCheck("inbound-mx", host, lookup.failed), expected };
  const found = records(lookup);
  if (found.length > 0) {
    return {
      name: "inbound-mx",
      ok: true,
      host,
      found,
      expected: null,
      advice: `Bounces to ${host} go to the server its MX names; make sure that is the one running the inbound listener.`,
    };
  }
  return {
    name: "inbound-mx",
    ok: false,
    host,
    found,
    expected,
    advice: `${host} has no MX record, so bounces and complaints sent back to it are lost. Publish an MX record pointing at the server that runs the inbound listener (${target} if it runs beside the site), and let port 25 reach it.`,
  };
}

/** Every check, in the order the page shows them, read at the same time. */
export function checkSendingDomain(settings: DomainCheckSettings): Promise<DomainCheck[]> {
  const { deliverability } = settings;
  const resolver = dnsResolver(deliverability.dnsServer);
  const domain = fromDomainOf(settings.mailFrom) ?? deliverability.dkim?.domain ?? null;
  const noDomain = (name: "spf" | "dmarc") =>
    notConfigured(
      name,
      "The server's sender address (MAIL_FROM) has no domain to check. Ask the engineer who runs the server to set MAIL_FROM to an address on your domain.",
    );
  return Promise.all([
    domain ? spfCheck(resolver, domain) : noDomain("spf"),
    dkimCheck(resolver, deliverability.dkim),
    domain ? dmarcCheck(resolver, domain) : noDomain("dmarc"),
    inboundMxCheck(resolver, deliverability.inbound, settings.publicUrl),
  ]);
}
