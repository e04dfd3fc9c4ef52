import fc from "fast-check";
import { fuzzRuns } from "../../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import { isEmailAddress, normalizeEmail } from "../../leads/email";
import { loggablePath, loggableUnknownPath, maskEmails, safeError } from "./log-safety";

it("hides the person in e-mail addresses but keeps the domain", () => {
  expect(maskEmails("550 <ama.mensah@example.com> rejected, cc kofi@mail.gh")).toBe(
    "550 <***@example.com> rejected, cc ***@mail.gh",
  );
  expect(safeError(new Error("duplicate key (email_key)=(esi@x.gh)"))).toBe(
    "duplicate key (email_key)=(***@x.gh)",
  );
});

it("hides local parts with letters of any script and the signs the forms accept", () => {
  for (const [text, masked] of [
    ["550 5.1.1 <äma@bücher.example>: Recipient address rejected", "<***@bücher.example>"],
    ["to=o'neil&co/sales@x.gh, relay=mx.x.gh", "***@x.gh, relay"],
    ["<𝒜ma.ŋɔ́@x.gh>", "<***@x.gh>"],
    ["<a=b?c!d#e{f}|g~h^i`j%k@x.gh>", "<***@x.gh>"],
    ["<ама@пример.рф>", "<***@пример.рф>"],
  ]) {
    expect(maskEmails(text as string), text).toContain(masked);
  }
  // Two addresses back to back, the first's domain running into the second's local part.
  expect(maskEmails("ama@x.gh.kofi@y.gh")).toBe("***@***@y.gh");
  expect(maskEmails("ama@x.gh/kofi@y.gh")).toBe("***@x.gh***@y.gh");
  // Nothing that is not an address is touched.
  expect(maskEmails("@scope/package, a@b, x @ y.gh")).toBe("@scope/package, a@b, x @ y.gh");
});

it("masks addresses written with a full-width or small @, and full-width dots", () => {
  expect(maskEmails("550 <ama＠example.com> rejected")).toBe("550 <***@example.com> rejected");
  expect(maskEmails("to kofi﹫mail.gh")).toBe("to ***@mail.gh");
  expect(maskEmails("<ａｍａ＠ｅｘａｍｐｌｅ．ｃｏｍ>")).toBe("<***@ｅｘａｍｐｌｅ．ｃｏｍ>");
  expect(loggablePath("/x/ama%EF%BC%A0example.com")).toBe("***@example.com");
  expect(loggablePath("/x/ama%25EF%25B9%25ABexample.com")).toBe("***@example.com");
});

it("keeps of a path no route answers only what cannot be a person's", () => {
  const sections = new Set(["api", "articles"]);
  for (const [path, logged] of [
    ["/Kwame-Mensah/0559211848", "/[12]/[10]"],
    ["/0559211848", "/[10]"],
    ["/articles/kwame-mensah?ref=x", "/articles/[12]"],
    ["/api/people/ama@example.com", "/api/[6]/[11].com"],
    ["/wp-admin/setup-config.php", "/[8]/[12].php"],
    ["/.env", "/.env"],
    ["/.git/config", "/.git/[6]"],
    ["/about/", "/[5]/"],
    // A run of 7+ digits is hidden wherever it is left, a long segment's length included.
    ["/.x0244123456", "/.x##########"],
  ]) {
    expect(loggableUnknownPath(path as string, sections), path).toBe(logged);
  }
  expect(loggablePath("/api/staff/leads/contact_0559211848")).toBe(
    "/api/staff/leads/contact_##########",
  );
});

it("masks addresses in paths, percent-encoded once or twice, non-ASCII too", () => {
  expect(loggablePath("/people/ama.mensah%40example.com?token=x")).toBe("***@example.com");
  expect(loggablePath("/x/p%C3%A4ma%2540b%C3%BCcher.example/y")).toBe("***@b%C3%BCcher.example/y");
});

it("reads a long text once, not once per character: a long path costs no more than its length", () => {
  // Request lines of 16 KB reach the request log; the earlier pattern took seconds on this.
  const started = performance.now();
  loggablePath(`/${"a".repeat(40_000)}`);
  maskEmails(`${"a".repeat(20_000)} ${"b@".repeat(10_000)}${"c-".repeat(10_000)}`);
  expect(performance.now() - started).toBeLessThan(250);
});

describe("every address the forms accept, in what mail servers answer", () => {
  const pick = (characters: string) => fc.constantFrom(...Array.from(characters));
  // Letters of several scripts (Ghanaian ones among them), a combining mark, a letter beyond
  // the first 65,536, digits, and every sign a local part may hold.
  const letters = "aZkö南ŋɔɛƐдعक𝒜\u0301٣7";
  const atom = fc.string({
    unit: fc.oneof(pick(letters), pick("!#$%&'*+/=?^_`{|}~-")),
    minLength: 1,
    maxLength: 8,
  });
  const label = fc
    .tuple(fc.string({ unit: pick(letters), minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([text, hyphen]) => (hyphen && text.length > 1 ? `${text[0]}-${text.slice(1)}` : text));
  const address = fc
    .tuple(
      fc.array(atom, { minLength: 1, maxLength: 3 }),
      fc.array(label, { minLength: 1, maxLength: 2 }),
      fc.constantFrom("gh", "com", "рф", "中国", "xn--p1ai"),
    )
    .map(([atoms, labels, top]) =>
      normalizeEmail(`${atoms.join(".")}@${[...labels, top].join(".")}`),
    )
    .filter(isEmailAddress);
  const templates: [string, string][] = [
    ["550 5.1.1 <", ">: Recipient address rejected: User unknown in virtual mailbox table"],
    ["to=", ", relay=mx.example.com[192.0.2.1]:25, dsn=5.1.1, status=bounced"],
    ["RCPT TO:<", "> failed: 550 mailbox unavailable"],
    ["", ": mailbox full"],
    ["'", "' is not a valid recipient"],
    ['Key (email_key)=("', '") already exists.'],
  ];

  it("never leaves any of the local part in the masked text, and keeps the domain", () => {
    fc.assert(
      fc.property(address, fc.constantFrom(...templates), (email, [before, after]) => {
        const at = email.lastIndexOf("@");
        const domain = email.slice(at + 1);
        const masked = maskEmails(`${before}${email}${after}`);
        // What stays: the text before the address (less any of it that could be part of a
        // local part, like "to="), the mask, the domain and the text after.
        const tail = `***@${domain}${after}`;
        expect(masked.endsWith(tail), masked).toBe(true);
        expect(before.startsWith(masked.slice(0, -tail.length)), masked).toBe(true);
      }),
      fuzzRuns(2_000),
    );
  });

  it("hides every local part of a text that quotes several addresses", () => {
    fc.assert(
      fc.property(fc.array(address, { minLength: 2, maxLength: 4 }), (emails) => {
        const masked = maskEmails(`550 5.1.1 ${emails.map((e) => `<${e}>`).join(", ")} rejected`);
        expect(
          masked
            .split("@")
            .slice(0, -1)
            .every((part) => part.endsWith("<***")),
          masked,
        ).toBe(true);
      }),
      fuzzRuns(500),
    );
  });
});
