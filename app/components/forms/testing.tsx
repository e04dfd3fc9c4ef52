import { type ByRoleMatcher, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { Toaster } from "~/components/ui/toast";

// What the forms' component tests share: a form rendered with its toasts, the toasts it shows,
// the server's answers, the contact form's fields. The forms in the browser are islands
// (app/islands/), so no router or page is rendered around them.

/** Renders `form` beside the toasts, as its page's islands do; returns the user who fills it. */
export function renderWithToasts(form: ReactElement) {
  // No pause between keystrokes: the forms wait on no timer while typing.
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <Toaster />
      {form}
    </>,
  );
  return user;
}

/** Each toast on screen: the role it is announced with (alert or status) and its message. */
export function shownToasts() {
  const region = screen.getByRole("region", { name: "Notifications (Alt+T)" });
  return within(region)
    .queryAllByRole("listitem")
    .map((item) => {
      const announced = item.querySelector("[role]");
      return {
        role: announced?.getAttribute("role"),
        message: announced?.querySelector("p")?.textContent,
      };
    });
}

/**
 * Closes every toast. Their store outlives a render (any code may raise one), so a test that
 * checks which toasts are shown starts with none.
 */
export function closeToasts() {
  for (const button of screen.queryAllByRole("button", { name: "Dismiss notification" })) {
    fireEvent.click(button);
  }
}

/** A refused form's error summary, once shown: the box titled "There is a problem". */
export function errorSummary() {
  return screen.findByRole("group", { name: "There is a problem" });
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** Stands in for `fetch`: every request gets `status` with `body` as JSON, and `headers`. */
export function answering(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  const fetch = vi.fn<Fetch>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", ...headers },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Stands in for `fetch` on a device without a connection: every request fails. */
export function unreachable() {
  const fetch = vi.fn<Fetch>(async () => {
    throw new TypeError("Failed to fetch");
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The JSON body of the `n`th request made through a `fetch` stand-in. */
export function sentBody(fetch: { mock: { calls: Parameters<Fetch>[] } }, n = 0): unknown {
  const call = fetch.mock.calls[n];
  if (!call) throw new Error(`No request number ${n + 1}`);
  return JSON.parse(String(call[1].body));
}

/** A form's controls, each found by its role and accessible name: `{ key: [role, name] }`. */
export function controlsByRole<Key extends string>(
  spec: Record<Key, [ByRoleMatcher, string | RegExp]>,
): Record<Key, HTMLElement> {
  const entries = Object.entries(spec) as [Key, [ByRoleMatcher, string | RegExp]][];
  return Object.fromEntries(
    entries.map(([key, [role, name]]) => [key, screen.getByRole(role, { name })]),
  ) as Record<Key, HTMLElement>;
}

/** The contact form's controls, by their accessible names. */
export const contactFields = () =>
  controlsByRole({
    firstName: ["textbox", "First name"],
    lastName: ["textbox", "Last name"],
    email: ["textbox", "Email"],
    phone: ["textbox", "Phone (optional)"],
    message: ["textbox", "Message"],
    agree: ["checkbox", /agree/i],
    submit: ["button", /^(Send Message|Sending…)$/],
  });

/** What a visitor types into every field of the contact form, the optional phone included. */
export const CONTACT_VALUES = {
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama.mensah@example.com",
  phone: "+233 55 000 0000",
  message: "Please call us about school fees.",
} as const;

/** Types `values` into the contact form and ticks the policy box. */
export async function fillContact(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<keyof typeof CONTACT_VALUES, string>> = CONTACT_VALUES,
) {
  const fields = contactFields();
  for (const name of Object.keys(CONTACT_VALUES) as (keyof typeof CONTACT_VALUES)[]) {
    const value = values[name];
    if (value) await user.type(fields[name], value);
  }
  await user.click(fields.agree);
}
