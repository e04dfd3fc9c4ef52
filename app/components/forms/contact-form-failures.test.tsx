// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";
// The contact form's test steps, shared with contact-form.test.tsx.
import * as form from "./testing";

// When the contact form's send fails: an error toast that says what happened and what to do,
// and everything the visitor typed still in the form. The lead form's hook (use-lead-form.ts)
// does the same for the demo forms; the contact form stands for both.

/** Everything typed and ticked is still there, and the button can send again. */
function expectValuesKept() {
  const fields = form.contactFields();
  for (const [name, value] of Object.entries(form.CONTACT_VALUES)) {
    expect(fields[name as keyof typeof form.CONTACT_VALUES], name).toHaveValue(value);
  }
  expect(fields.agree).toBeChecked();
  expect(fields.submit).toHaveTextContent("Send Message");
  expect(fields.submit).not.toHaveAttribute("aria-disabled");
}

describe("contact form, when the send fails", () => {
  beforeAll(() => import("@leads/contact"));
  afterEach(() => {
    form.closeToasts();
    vi.unstubAllGlobals();
  });

  const failures = [
    {
      failure: "a server error (500)",
      stub: () => form.answering(500, { error: "Internal Server Error" }),
      toast: "We could not save your details just now. Please try again in a few minutes.",
    },
    {
      failure: "too many requests (429, Retry-After: 30)",
      stub: () => form.answering(429, { error: "Too Many Requests" }, { "retry-after": "30" }),
      toast: "Too many attempts. Please wait 30 seconds and try again.",
    },
    {
      failure: "a network failure",
      stub: form.unreachable,
      toast: "We could not reach our server. Check your connection and try again.",
    },
  ];
  for (const failure of failures) {
    it(`${failure.failure}: an error toast and a note by the button say what to do, and the typed values stay`, async () => {
      const fetch = failure.stub();
      const user = form.renderWithToasts(<ContactForm />);
      await form.fillContact(user);
      await user.click(form.contactFields().submit);

      await waitFor(() =>
        expect(form.shownToasts()).toEqual([{ role: "alert", message: failure.toast }]),
      );
      // The note stays after the toast has gone.
      expect(screen.getByRole("form", { name: "Send us a message" })).toHaveTextContent(
        `Not sent yet. ${failure.toast}`,
      );
      expect(fetch).toHaveBeenCalledTimes(1);
      expectValuesKept();
      // Nothing was wrong with the fields themselves.
      expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    });
  }

  it("a refusal with field messages (400): the toast asks to check, the summary and the field show the server's message", async () => {
    const refusal = "Enter an e-mail address in the right format, like name@example.com";
    form.answering(400, {
      error: "Some fields are missing or invalid",
      fields: { email: refusal },
    });
    const user = form.renderWithToasts(<ContactForm />);
    await form.fillContact(user);
    await user.click(form.contactFields().submit);

    await waitFor(() =>
      expect(form.shownToasts()).toEqual([
        {
          role: "alert",
          message:
            "Some details were not accepted. Please check the highlighted fields and try again.",
        },
      ]),
    );
    const summary = await form.errorSummary();
    await waitFor(() => expect(summary).toHaveFocus());
    const { email } = form.contactFields();
    await user.click(within(summary).getByRole("link", { name: refusal }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(refusal);
    expectValuesKept();
  });

  it("sending the same values again is the same submission, so the server can tell a retry", async () => {
    const fetch = form.answering(503);
    const user = form.renderWithToasts(<ContactForm />);
    await form.fillContact(user);
    await user.click(form.contactFields().submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(form.contactFields().submit).toHaveTextContent("Send Message"));
    await user.click(form.contactFields().submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const keys = fetch.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)["idempotency-key"],
    );
    expect(keys[0]).toMatch(/^[\w-]{8,64}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
