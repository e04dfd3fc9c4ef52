import { describe, expect, it } from "vitest";
import { ContactSchema } from "./contact";
import { DemoRequestSchema } from "./demo";
import { fieldErrors } from "./field-errors";
import { NewsletterSchema } from "./newsletter";
import { minimalContact, minimalDemoFormData } from "./testing";

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success || !result.error ? {} : fieldErrors(result.error);

const contact = minimalContact;

describe("contact form rules", () => {
  const valid = contact;

  it("accepts a complete message and trims values", () => {
    const parsed = ContactSchema.parse({ ...valid, firstName: "  Ama  " });
    expect(parsed.firstName).toBe("Ama");
  });

  it("gives the required-field message for every missing field", () => {
    const result = ContactSchema.safeParse({
      firstName: " ",
      lastName: "",
      email: "",
      message: "  ",
      agreeToPolicy: false,
    });
    expect(errorsOf(result)).toEqual({
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      email: "Enter your e-mail address",
      message: "Enter your message",
      agreeToPolicy: "Tick the box to agree to our privacy policy",
    });
  });

  it("asks for the right format for an address without @ or dot", () => {
    for (const email of ["ama", "ama@example", "ama example@x.com", "@example.com"]) {
      expect(errorsOf(ContactSchema.safeParse({ ...valid, email })).email, email).toBe(
        "Enter an e-mail address in the right format, like name@example.com",
      );
    }
  });

  it("says which field is too long and by what limit", () => {
    const result = ContactSchema.safeParse({
      ...valid,
      firstName: "a".repeat(201),
      message: "a".repeat(5001),
    });
    expect(errorsOf(result)).toEqual({
      firstName: "First name must be 200 characters or fewer",
      message: "Your message must be 5,000 characters or fewer",
    });
    expect(ContactSchema.safeParse({ ...valid, message: "a".repeat(5000) }).success).toBe(true);
  });

  it("takes a Ghanaian phone number in any common spelling, and none that is not one", () => {
    for (const phone of [
      "0241234567",
      "024 123 4567",
      "+233 24 123 4567",
      "00233241234567",
      "233241234567",
      "",
    ]) {
      expect(ContactSchema.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
    for (const phone of ["abc", "0241", "call me after 5"]) {
      expect(errorsOf(ContactSchema.safeParse({ ...valid, phone })).phone, phone).toBe(
        "Enter a phone number, like 024 123 4567 or +233 24 123 4567",
      );
    }
    expect(errorsOf(ContactSchema.safeParse({ ...valid, phone: "0".repeat(41) })).phone).toBe(
      "Phone number must be 40 characters or fewer",
    );
  });

  it("drops unknown fields", () => {
    const parsed = ContactSchema.parse({ ...valid, admin: true });
    expect(parsed).not.toHaveProperty("admin");
  });
});

describe("demo request rules", () => {
  const formData = minimalDemoFormData;

  it("accepts the {formData} shape plus the product", () => {
    expect(DemoRequestSchema.safeParse({ product: "aslan", formData }).success).toBe(true);
  });

  it("gives each field's message", () => {
    const result = DemoRequestSchema.safeParse({
      product: "vas",
      formData: { ...formData, name: "", email: "x", phone: " " },
    });
    expect(errorsOf(result)).toEqual({
      name: "Enter your name",
      email: "Enter an e-mail address in the right format, like name@example.com",
      phone: "Enter your phone number",
    });
  });

  it("keeps free-text industry and refuses an unknown product", () => {
    expect(
      DemoRequestSchema.parse({
        product: "banking",
        formData: { ...formData, industry: "Agriculture" },
      }).formData.industry,
    ).toBe("Agriculture");
    expect(errorsOf(DemoRequestSchema.safeParse({ product: "loans", formData })).product).toBe(
      "Unknown product",
    );
  });
});

describe("newsletter rules", () => {
  it("requires a valid address", () => {
    expect(errorsOf(NewsletterSchema.safeParse({ email: "" })).email).toBe(
      "Enter your e-mail address",
    );
    expect(errorsOf(NewsletterSchema.safeParse({ email: "a@b" })).email).toBe(
      "Enter an e-mail address in the right format, like name@example.com",
    );
    expect(NewsletterSchema.safeParse({ email: "a@b.gh" }).success).toBe(true);
  });

  it("refuses absurdly long input instead of storing it", () => {
    expect(NewsletterSchema.safeParse({ email: `${"a".repeat(300)}@b.gh` }).success).toBe(false);
  });
});

describe("text fields refuse hidden and control characters", () => {
  const UNSAFE = "Contains hidden or control characters. Please type it again.";

  it("refuses NUL, escape sequences, C1 controls and bidirectional overrides in any field", () => {
    for (const bad of [
      "A\u0000ma",
      "\u001b[2J",
      "A\u0001",
      "Ama\u0085",
      "Ama\u007f",
      "A\u202eam",
    ]) {
      for (const field of ["firstName", "lastName", "phone", "message"] as const) {
        const result = ContactSchema.safeParse({ ...contact, [field]: bad });
        expect(errorsOf(result)[field], `${field} ${JSON.stringify(bad)}`).toBe(UNSAFE);
      }
      const demo = DemoRequestSchema.safeParse({
        product: "aslan",
        formData: { name: "Kofi", email: "k@x.gh", phone: "0550000000", company: bad },
      });
      expect(errorsOf(demo).company).toBe(UNSAFE);
    }
  });

  it("allows line breaks and tabs in the message only, stored as \\n", () => {
    const parsed = ContactSchema.parse({ ...contact, message: "Line one\r\nLine two\rthree\tend" });
    expect(parsed.message).toBe("Line one\nLine two\nthree\tend");
    expect(errorsOf(ContactSchema.safeParse({ ...contact, firstName: "A\nma" })).firstName).toBe(
      UNSAFE,
    );
    expect(errorsOf(ContactSchema.safeParse({ ...contact, lastName: "a\u2028b" })).lastName).toBe(
      UNSAFE,
    );
  });

  it("treats a value of only invisible characters as empty", () => {
    for (const invisible of ["\u200b", "\u200b\u200d\ufeff", "\u3164", "\u00a0\u2800", "\u0301"]) {
      const result = ContactSchema.safeParse({
        ...contact,
        firstName: invisible,
        message: invisible,
      });
      expect(errorsOf(result)).toMatchObject({
        firstName: "Enter your first name",
        message: "Enter your message",
      });
    }
  });

  it("keeps names in any script, emoji and joiners included", () => {
    for (const name of ["Kwame Nkrumah", "Ọlá", "Zoë", "محمد", "👩🏾‍💼 Efua", "Ɛfua Ɔdɔm"]) {
      expect(ContactSchema.safeParse({ ...contact, firstName: name }).success, name).toBe(true);
    }
  });
});
