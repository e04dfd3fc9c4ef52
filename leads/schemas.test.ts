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
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      message: "Message is required",
      agreeToPolicy: "To send a message you must first agree to our privacy policy",
    });
  });

  it("says Email is invalid for an address without @ or dot", () => {
    for (const email of ["ama", "ama@example", "ama example@x.com", "@example.com"]) {
      expect(errorsOf(ContactSchema.safeParse({ ...valid, email })).email, email).toBe(
        "Email is invalid",
      );
    }
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
      name: "Your name is required",
      email: "Email is invalid",
      phone: "Phone Number is required",
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
    expect(errorsOf(NewsletterSchema.safeParse({ email: "" })).email).toBe("Email is required");
    expect(errorsOf(NewsletterSchema.safeParse({ email: "a@b" })).email).toBe("Email is invalid");
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
        formData: { name: "Kofi", email: "k@x.gh", phone: "055", company: bad },
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
        firstName: "First name is required",
        message: "Message is required",
      });
    }
  });

  it("keeps names in any script, emoji and joiners included", () => {
    for (const name of ["Kwame Nkrumah", "Ọlá", "Zoë", "محمد", "👩🏾‍💼 Efua"]) {
      expect(ContactSchema.safeParse({ ...contact, firstName: name }).success, name).toBe(true);
    }
  });
});
