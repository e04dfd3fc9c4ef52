// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { NewsletterForm } from "./newsletter-form";
import { NewsletterSignup } from "./newsletter-signup";

const EMAIL_FORMAT = "Enter an e-mail address in the right format, like name@example.com";
import { apiPaths } from "@common/paths";

function renderForm() {
  const onSubscribed = vi.fn();
  // No router around it: in the browser the form is an island of its own (app/islands/).
  render(<NewsletterForm onSubscribed={onSubscribed} />);
  return {
    onSubscribed,
    email: screen.getByPlaceholderText("Enter your email"),
    subscribe: screen.getByRole("button", { name: "Subscribe" }),
  };
}

describe("newsletter form", () => {
  // The form loads its rules on the first submit; loaded once here, they are at hand at once.
  beforeAll(() => import("@leads/newsletter"));
  afterEach(() => vi.unstubAllGlobals());

  it("says what is wrong under the field, puts the visitor back in it, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email, "kofi.example.com");
    await user.click(form.subscribe);
    expect(await screen.findByText(EMAIL_FORMAT)).toHaveRole("alert");
    expect(form.email).toHaveAttribute("aria-invalid", "true");
    expect(form.email).toHaveAccessibleDescription(EMAIL_FORMAT);
    expect(form.email).toHaveFocus();
    expect(form.email).toHaveAttribute("maxlength", "254");
    expect(fetch).not.toHaveBeenCalled();
    // Editing the address clears the message.
    await user.type(form.email, "x");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("subscribes with the address and the honeypot, then empties the field", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response("{}", { status: 202 }));
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email, "ama@example.com");
    await user.click(form.subscribe);
    await vi.waitFor(() => expect(form.onSubscribed).toHaveBeenCalledWith("ama@example.com"));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(apiPaths.subscribe);
    expect(JSON.parse(String(init.body))).toEqual({
      email: "ama@example.com",
      website: "",
      consentVersion: currentWording("newsletter").version,
    });
    expect(form.email).toHaveValue("");
  });

  it("shows the consent wording the server records, linking to the privacy policy", () => {
    renderForm();
    const wording = currentWording("newsletter");
    const link = screen.getByRole("link", { name: "privacy policy" });
    expect(link).toHaveAttribute("href", "/terms-and-conditions#privacy-policy");
    expect(link.parentElement).toHaveTextContent(wording.text, { normalizeWhitespace: false });
    // Posted with the form also before and without JavaScript.
    expect(document.querySelector('input[name="consentVersion"]')).toHaveValue(wording.version);
  });

  it("keeps the address and says what to do when the server fails", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("{}", { status: 500 })));
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email, "ama@example.com");
    await user.click(form.subscribe);
    expect(await screen.findByText(/could not save your details just now/)).toHaveRole("alert");
    expect(form.email).toHaveValue("ama@example.com");
    expect(form.email).toHaveAttribute("aria-invalid", "true");
    expect(form.email).toHaveAccessibleDescription(
      "We could not save your details just now. Please try again in a few minutes.",
    );
    // The section thanks the visitor only when told the subscription went through.
    expect(form.onSubscribed).not.toHaveBeenCalled();
  });

  it("on the home page, gives way to what happens next: confirm from the e-mail, and the address it went to", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("{}", { status: 202 })));
    const user = userEvent.setup();
    render(<NewsletterSignup />);
    await user.type(screen.getByPlaceholderText("Enter your email"), "Ama@Example.COM");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    const heading = await screen.findByRole("heading", { name: "Thank you for subscribing" });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    const panel = screen.getByRole("region", { name: "Thank you for subscribing" });
    expect(panel).toHaveTextContent(
      "We have sent you an e-mail with a link. Open it to confirm your subscription to the Akwaaba Pay newsletter.",
    );
    // The address as stored: its domain in lower case.
    expect(panel).toHaveTextContent("We sent it to Ama@example.com.");
  });
});
