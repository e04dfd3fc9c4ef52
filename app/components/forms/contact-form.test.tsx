// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { minimalContact } from "@leads/testing";
import { ContactForm } from "./contact-form";
import {
  CONTACT_VALUES,
  answering,
  closeToasts,
  contactFields,
  errorSummary,
  fillContact,
  renderWithToasts,
  sentBody,
  shownToasts,
} from "./testing";
import { apiPaths } from "@common/paths";

// The contact form of /contact-us before and as it sends; what it does when the send fails:
// contact-form-failures.test.tsx; its message box's limit: contact-form-limits.test.tsx. The
// messages are written out: they are what the visitor reads.

const INVALID_TOAST = "Please fill in all the required fields and agree to the policy";
const FIELD_MESSAGES = {
  firstName: "Enter your first name",
  lastName: "Enter your last name",
  email: "Enter your e-mail address",
  message: "Enter your message",
  agree: "Tick the box to agree to our privacy policy",
} as const;
const EMAIL_FORMAT = "Enter an e-mail address in the right format, like name@example.com";

describe("contact form", () => {
  // The form loads its rules as the visitor enters it; loaded once here, they are at hand.
  beforeAll(() => import("@leads/contact"));
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  it("an empty submit shows one toast, one summary that takes the focus, each field's message, and sends nothing", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    const fields = contactFields();
    await user.click(fields.submit);

    const summary = await errorSummary();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(Object.values(FIELD_MESSAGES));
    expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
    for (const [name, message] of Object.entries(FIELD_MESSAGES)) {
      const field = fields[name as keyof typeof FIELD_MESSAGES];
      expect(field, name).toHaveAttribute("aria-invalid", "true");
      expect(field, name).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // The phone number is optional: never marked invalid, and not in the summary.
    expect(fields.phone).not.toHaveAttribute("aria-invalid");
    expect(fetch).not.toHaveBeenCalled();

    // Pressing again says nothing twice: still one toast, one summary.
    await user.click(fields.submit);
    await waitFor(async () => expect(await errorSummary()).toHaveFocus());
    expect(shownToasts()).toHaveLength(1);
    expect(screen.getAllByRole("heading", { name: "There is a problem" })).toHaveLength(1);
  });

  it("each link of the summary takes the visitor to its field", async () => {
    answering(201);
    const user = renderWithToasts(<ContactForm />);
    const fields = contactFields();
    await user.click(fields.submit);
    const summary = await errorSummary();

    await user.click(within(summary).getByRole("link", { name: FIELD_MESSAGES.message }));
    expect(fields.message).toHaveFocus();
    await user.click(within(summary).getByRole("link", { name: FIELD_MESSAGES.agree }));
    expect(fields.agree).toHaveFocus();
    await user.click(within(summary).getByRole("link", { name: FIELD_MESSAGES.lastName }));
    expect(fields.lastName).toHaveFocus();
  });

  it("a bad e-mail address and a phone that is no number each get their own message, and nothing is sent", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user, { ...CONTACT_VALUES, email: "ama.mensah@example", phone: "abc" });
    const fields = contactFields();
    await user.click(fields.submit);

    const summary = await errorSummary();
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([EMAIL_FORMAT, "Enter a phone number, like 024 123 4567 or +233 24 123 4567"]);
    expect(fields.email).toHaveAccessibleDescription(EMAIL_FORMAT);
    expect(fields.phone).toHaveAccessibleDescription(
      "For example 024 123 4567 or +233 24 123 4567. " +
        "Enter a phone number, like 024 123 4567 or +233 24 123 4567",
    );
    expect(fields.firstName).not.toHaveAttribute("aria-invalid");
    expect(fields.email).toHaveValue("ama.mensah@example");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("an error clears as soon as its field is edited, and only that one", async () => {
    answering(201);
    const user = renderWithToasts(<ContactForm />);
    const fields = contactFields();
    await user.click(fields.submit);
    await errorSummary();

    await user.type(fields.firstName, "A");
    expect(screen.queryByText(FIELD_MESSAGES.firstName)).not.toBeInTheDocument();
    expect(fields.firstName).not.toHaveAttribute("aria-invalid");
    // The others stay until their own field is edited.
    expect(fields.lastName).toHaveAccessibleDescription(FIELD_MESSAGES.lastName);

    await user.type(fields.message, "H");
    expect(screen.queryAllByText(FIELD_MESSAGES.message)).toHaveLength(0);

    await user.click(fields.agree);
    expect(screen.queryAllByText(FIELD_MESSAGES.agree)).toHaveLength(0);
    expect(fields.agree).not.toHaveAttribute("aria-invalid");
    expect(fields.email).toHaveAccessibleDescription(FIELD_MESSAGES.email);
  });

  it("refuses hidden characters and display-name addresses in the browser, as the server does", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user, minimalContact);
    const { lastName, email, submit } = contactFields();
    // A pasted value: typing cannot produce a control character.
    await user.clear(lastName);
    await user.click(lastName);
    await user.paste("Mensah\u001b[2J");
    await user.clear(email);
    await user.type(email, "Ama <ama@example.com>");
    await user.click(submit);
    await errorSummary();
    expect(fetch).not.toHaveBeenCalled();
    expect(lastName).toHaveAccessibleDescription(
      "Contains hidden or control characters. Please type it again.",
    );
    expect(email).toHaveAccessibleDescription(EMAIL_FORMAT);
  });

  it("sends names and a message in Twi and Arabic as typed", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    const values = { firstName: "Ɛfua", lastName: "Ɔdɔm", message: "مرحبا، Ɛte sɛn?" };
    await fillContact(user, { ...minimalContact, ...values });
    await user.click(contactFields().submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch)).toMatchObject(values);
  });

  it("once stored, the form gives way to what happens next, whose heading takes the focus", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user, minimalContact);
    await user.click(contactFields().submit);

    const heading = await screen.findByRole("heading", { name: "Message sent successfully" });
    await waitFor(() => expect(heading).toHaveFocus());
    const panel = screen.getByRole("region", { name: "Message sent successfully" });
    expect(panel).toHaveTextContent(
      "Thank you for writing to us. Our sales team will reply to the e-mail address you gave, " +
        "usually within one working day.",
    );
    expect(panel).toHaveTextContent("We will write to ama@example.com.");
    expect(panel).toHaveTextContent(
      "Our sales team works Monday to Friday, 08:00 to 17:00 GMT (Accra time).",
    );
    expect(shownToasts()).toEqual([{ role: "status", message: "Message sent successfully" }]);
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(apiPaths.contact);
    expect((init.headers as Record<string, string>)["idempotency-key"]).toMatch(/^[\w-]{8,64}$/);
    expect(sentBody(fetch)).toEqual({
      ...minimalContact,
      website: "",
      consentVersion: currentWording("contact").version,
    });

    // Another message: the form comes back empty, the visitor in its first field.
    await user.click(screen.getByRole("button", { name: "Send another message" }));
    const fields = contactFields();
    for (const name of ["firstName", "lastName", "email", "message"] as const) {
      expect(fields[name], name).toHaveValue("");
    }
    expect(fields.agree).not.toBeChecked();
    await waitFor(() => expect(fields.firstName).toHaveFocus());
    expect(screen.queryByRole("heading", { name: "There is a problem" })).toBeNull();
  });
});
