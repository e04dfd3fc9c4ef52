// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { minimalContact } from "@leads/testing";
import { ContactForm } from "./contact-form";
import {
  CONTACT_VALUES,
  answering,
  closeToasts,
  contactFields,
  fillContact,
  renderWithToasts,
  sentBody,
  shownToasts,
} from "./testing";
import { apiPaths } from "@common/paths";

// The contact form of /contact-us before and as it sends; what it does when the send fails:
// contact-form-failures.test.tsx. The messages are written out: they are what the visitor reads.

const INVALID_TOAST = "Please fill in all the fields and agree to the policy";
const FIELD_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  message: "Message is required",
  agree: "To send a message you must first agree to our privacy policy",
} as const;

describe("contact form", () => {
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  it("an empty submit shows the toast and every field's message, focuses the first field and sends nothing", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    const fields = contactFields();
    await user.click(fields.submit);

    expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
    for (const [name, message] of Object.entries(FIELD_MESSAGES)) {
      const field = fields[name as keyof typeof FIELD_MESSAGES];
      expect(field, name).toHaveAttribute("aria-invalid", "true");
      expect(field, name).toHaveAccessibleDescription(message);
    }
    // The phone number is optional: never marked invalid.
    expect(fields.phone).not.toHaveAttribute("aria-invalid");
    await waitFor(() => expect(fields.firstName).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a bad e-mail address shows 'Email is invalid', gets the focus and sends nothing", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user, { ...CONTACT_VALUES, email: "ama.mensah@example" });
    const fields = contactFields();
    await user.click(fields.submit);

    expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
    expect(fields.email).toHaveAttribute("aria-invalid", "true");
    expect(fields.email).toHaveAccessibleDescription("Email is invalid");
    await waitFor(() => expect(fields.email).toHaveFocus());
    expect(fields.firstName).not.toHaveAttribute("aria-invalid");
    expect(fields.email).toHaveValue("ama.mensah@example");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("an error clears as soon as its field is edited, and only that one", async () => {
    answering(201);
    const user = renderWithToasts(<ContactForm />);
    const fields = contactFields();
    await user.click(fields.submit);

    await user.type(fields.firstName, "A");
    expect(screen.queryByText(FIELD_MESSAGES.firstName)).not.toBeInTheDocument();
    expect(fields.firstName).not.toHaveAttribute("aria-invalid");
    // The others stay until their own field is edited.
    expect(fields.lastName).toHaveAccessibleDescription(FIELD_MESSAGES.lastName);
    expect(fields.message).toHaveAccessibleDescription(FIELD_MESSAGES.message);

    await user.type(fields.message, "H");
    expect(screen.queryByText(FIELD_MESSAGES.message)).not.toBeInTheDocument();

    await user.click(fields.agree);
    expect(screen.queryByText(FIELD_MESSAGES.agree)).not.toBeInTheDocument();
    expect(fields.agree).not.toHaveAttribute("aria-invalid");
    expect(fields.lastName).toHaveAccessibleDescription(FIELD_MESSAGES.lastName);
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
    expect(fetch).not.toHaveBeenCalled();
    expect(lastName).toHaveAccessibleDescription(
      "Contains hidden or control characters. Please type it again.",
    );
    expect(email).toHaveAccessibleDescription("Email is invalid");
  });

  it("confirms only after the server stored the message, then resets", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user, minimalContact);
    await user.click(contactFields().submit);
    expect(await screen.findByRole("status")).toHaveTextContent("Message sent successfully");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(apiPaths.contact);
    expect((init.headers as Record<string, string>)["idempotency-key"]).toMatch(/^[\w-]{8,64}$/);
    expect(sentBody(fetch)).toEqual({
      ...minimalContact,
      website: "",
      consentVersion: currentWording("contact").version,
    });
    expect(contactFields().firstName).toHaveValue("");
  });
});
