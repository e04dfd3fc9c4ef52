import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { failureMessage } from "~/lib/api";
import { ContactSchema } from "@leads/contact";
import { DemoRequestSchema } from "@leads/demo";
import { fieldErrors } from "@leads/field-errors";
import * as words from "@leads/messages";
import { NewsletterSchema } from "@leads/newsletter";
import { minimalContact, minimalDemoFormData } from "@leads/testing";

// docs/form-messages.md is the list of every message the lead forms show: its first table is
// read here against the schemas, and every message of leads/messages.ts and app/lib/api.ts must
// be in it.

const page = readFileSync(new URL("../../../docs/form-messages.md", import.meta.url), "utf8");

/** The rows of the "Field messages" table: form, field, rule, message. */
function fieldRows() {
  const section = page.split("## Field messages")[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| form") && !/^\|\s*-/.test(line))
    .map((line) => {
      const [form = "", field = "", rule = "", message = ""] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { form, field, rule, message };
    });
}

const LIMITS: Record<string, number> = {
  email: words.MAX_EMAIL,
  phone: words.MAX_PHONE,
  message: words.MAX_MESSAGE,
};

/** A value of `field` that breaks `rule`. */
function breaking(field: string, rule: string): unknown {
  const limit = LIMITS[field] ?? words.MAX_TEXT;
  switch (rule) {
    case "required":
      return "";
    case "hidden characters":
      return "A\u0000";
    case "too long":
      return field === "email" ? `${"a".repeat(limit)}@b.gh` : "0".repeat(limit + 1);
    case "format":
      return field === "email" ? "ama@example" : "abc";
    case "ticked":
      return false;
    case "one of the products":
      return "loans";
  }
  throw new Error(`docs/form-messages.md names a rule this test does not know: ${rule}`);
}

/** The message the form's schema gives `field` when it holds `value`, all else valid. */
function messageOf(form: string, field: string, value: unknown): string | undefined {
  const parse = () => {
    if (form === "newsletter") return NewsletterSchema.safeParse({ email: value });
    if (form === "contact") return ContactSchema.safeParse({ ...minimalContact, [field]: value });
    if (field === "product") {
      return DemoRequestSchema.safeParse({ product: value, formData: minimalDemoFormData });
    }
    const formData = { ...minimalDemoFormData, [field]: value };
    return DemoRequestSchema.safeParse({ product: "aslan", formData });
  };
  const result = parse();
  return result.success ? undefined : fieldErrors(result.error)[field];
}

describe("docs/form-messages.md", () => {
  const rows = fieldRows();

  it("lists field messages for the three forms", () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(new Set(rows.map((row) => row.form))).toEqual(
      new Set(["newsletter", "contact", "demo"]),
    );
  });

  it("gives each field the message the schema gives for each rule", () => {
    for (const { form, field, rule, message } of rows) {
      expect(messageOf(form, field, breaking(field, rule)), `${form} ${field} ${rule}`).toBe(
        message,
      );
    }
  });

  it("holds every message, toast and hint the forms can show", () => {
    const all = [
      ...Object.values(words.EMAIL_MESSAGES),
      ...Object.values(words.PHONE_MESSAGES),
      ...Object.values(words.CONTACT_MESSAGES).flatMap((m) =>
        typeof m === "string" ? [m] : Object.values(m),
      ),
      ...Object.values(words.DEMO_MESSAGES).flatMap((m) =>
        typeof m === "string" ? [m] : Object.values(m),
      ),
      words.UNSAFE_CHARACTERS_MESSAGE,
      words.PHONE_HINT,
      words.CONTACT_INVALID_TOAST,
      words.CONTACT_SUCCESS_TOAST,
      words.DEMO_INVALID_TOAST,
      words.DEMO_SUCCESS_TOAST,
      failureMessage({ ok: false, kind: "invalid", fields: {} }),
      failureMessage({ ok: false, kind: "rate-limited" }),
      failureMessage({ ok: false, kind: "rate-limited", retryAfterSeconds: 30 }).replace("30", "N"),
      failureMessage({ ok: false, kind: "server" }),
      failureMessage({ ok: false, kind: "network" }),
    ];
    for (const message of all) expect(page, message).toContain(message);
  });
});
