// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { minimalContact } from "@leads/testing";
import { Toaster } from "~/components/ui/toast";
import { ContactForm } from "./contact-form";
import { apiPaths } from "@common/paths";

// No router around it: in the browser the form is an island of its own (app/islands/).
function renderForm() {
  return render(
    <>
      <Toaster />
      <ContactForm />
    </>,
  );
}

/** Types `minimalContact` (phone left empty) and ticks the policy box. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), minimalContact.firstName);
  await user.type(screen.getByLabelText(/Last name/), minimalContact.lastName);
  await user.type(screen.getByLabelText(/^Email/), minimalContact.email);
  await user.type(screen.getByLabelText(/Message/), minimalContact.message);
  await user.click(screen.getByRole("checkbox"));
}

describe("contact form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("never sends invalid data and shows every field message", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(fetch).not.toHaveBeenCalled();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please fill in all the fields and agree to the policy",
    );
    expect(screen.getByText("First name is required")).toBeInTheDocument();
    expect(
      screen.getByText("To send a message you must first agree to our privacy policy"),
    ).toBeInTheDocument();
    const first = screen.getByLabelText(/First name/);
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveAccessibleDescription("First name is required");
    // Editing a field clears its message at once.
    await user.type(first, "A");
    expect(screen.queryByText("First name is required")).not.toBeInTheDocument();
  });

  it("refuses hidden characters and display-name addresses in the browser, as the server does", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    // A pasted value: typing cannot produce a control character.
    const last = screen.getByLabelText(/Last name/);
    await user.clear(last);
    await user.click(last);
    await user.paste("Mensah\u001b[2J");
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, "Ama <ama@example.com>");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(fetch).not.toHaveBeenCalled();
    expect(last).toHaveAccessibleDescription(
      "Contains hidden or control characters. Please type it again.",
    );
    expect(email).toHaveAccessibleDescription("Email is invalid");
  });

  it("confirms only after the server stored the message, then resets", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Message sent successfully");
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(apiPaths.contact);
    expect((init.headers as Record<string, string>)["idempotency-key"]).toMatch(/^[\w-]{8,64}$/);
    expect(JSON.parse(String(init.body))).toEqual({
      ...minimalContact,
      website: "",
      consentVersion: currentWording("contact").version,
    });
    expect(screen.getByLabelText(/First name/)).toHaveValue("");
  });

  it("keeps what was typed and says what to do when the server fails", async () => {
    const fetch = vi.fn().mockImplementation(async () => new Response("{}", { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(/could not save your details just now/)).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue("Ama");
    // Sending the same values again is the same submission: the server can tell it is a retry.
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const keys = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)["idempotency-key"],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
