// @vitest-environment jsdom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";
import {
  CONTACT_VALUES,
  answering,
  closeToasts,
  contactFields,
  fillContact,
  renderWithToasts,
  shownToasts,
  unreachable,
} from "./testing";

// When the contact form's send fails: an error toast that says what happened and what to do,
// and everything the visitor typed still in the form. The lead form's hook (use-lead-form.ts)
// does the same for the demo forms; the contact form stands for both.

/** Everything typed and ticked is still there, and the button can send again. */
function expectValuesKept() {
  const fields = contactFields();
  for (const [name, value] of Object.entries(CONTACT_VALUES)) {
    expect(fields[name as keyof typeof CONTACT_VALUES], name).toHaveValue(value);
  }
  expect(fields.agree).toBeChecked();
  expect(fields.submit).toHaveTextContent("Send Message");
  expect(fields.submit).not.toHaveAttribute("aria-disabled");
}

describe("contact form, when the send fails", () => {
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  const failures = [
    {
      failure: "a server error (500)",
      stub: () => answering(500, { error: "Internal Server Error" }),
      toast: "We could not save your details just now. Please try again in a few minutes.",
    },
    {
      failure: "too many requests (429, Retry-After: 30)",
      stub: () => answering(429, { error: "Too Many Requests" }, { "retry-after": "30" }),
      toast: "Too many attempts. Please wait 30 seconds and try again.",
    },
    {
      failure: "a network failure",
      stub: unreachable,
      toast: "We could not reach our server. Check your connection and try again.",
    },
  ];
  for (const failure of failures) {
    it(`${failure.failure}: an error toast says what to do and the typed values stay`, async () => {
      const fetch = failure.stub();
      const user = renderWithToasts(<ContactForm />);
      await fillContact(user);
      await user.click(contactFields().submit);

      await waitFor(() =>
        expect(shownToasts()).toEqual([{ role: "alert", message: failure.toast }]),
      );
      expect(fetch).toHaveBeenCalledTimes(1);
      expectValuesKept();
      // Nothing was wrong with the fields themselves.
      expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    });
  }

  it("a refusal with field messages (400): the toast asks to check, the field shows its message", async () => {
    answering(400, {
      error: "Some fields are missing or invalid",
      fields: { email: "Email is invalid" },
    });
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user);
    await user.click(contactFields().submit);

    await waitFor(() =>
      expect(shownToasts()).toEqual([
        {
          role: "alert",
          message:
            "Some details were not accepted. Please check the highlighted fields and try again.",
        },
      ]),
    );
    const { email } = contactFields();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Email is invalid");
    expectValuesKept();
  });

  it("sending the same values again is the same submission, so the server can tell a retry", async () => {
    const fetch = answering(503);
    const user = renderWithToasts(<ContactForm />);
    await fillContact(user);
    await user.click(contactFields().submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(contactFields().submit).toHaveTextContent("Send Message"));
    await user.click(contactFields().submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const keys = fetch.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)["idempotency-key"],
    );
    expect(keys[0]).toMatch(/^[\w-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
