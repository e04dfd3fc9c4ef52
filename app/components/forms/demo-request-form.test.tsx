// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { DEMO_PRODUCTS } from "@leads/demo";
import { DemoRequestForm } from "./demo-request-form";
import {
  answering,
  closeToasts,
  errorSummary,
  renderWithToasts,
  sentBody,
  shownToasts,
} from "./testing";
import { apiPaths } from "@common/paths";

// The demo request form of the five demo pages. Each page gives the form its product (the built
// pages' test, tests/site/forms.test.ts, checks which); the browser sends one for real
// (tests/e2e/forms-demo.spec.ts). The messages are written out: they are what the visitor reads.

const INVALID_TOAST = "Please fill in all the required fields";
const EMAIL_FORMAT = "Enter an e-mail address in the right format, like name@example.com";
const PHONE_FORMAT = "Enter a phone number, like 024 123 4567 or +233 24 123 4567";
const SUCCESS_TOAST = "We will reach out to you to schedule a demo";

/** The demo form's controls: text boxes by position, the others by their accessible names. */
function demoFields() {
  // The five text boxes in the order the visitor meets them (the honeypot is hidden from them).
  const boxes = screen.getAllByRole("textbox");
  expect(boxes).toHaveLength(5);
  type Five = [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
  const [name, email, phone, company, jobTitle] = boxes as Five;
  const industry = screen.getByRole("combobox", { name: "Industry" });
  const submit = screen.getByRole("button", { name: /^(Submit|Submitting…)$/ });
  return { name, email, phone, company, jobTitle, industry, submit };
}

type DemoBody = { formData: { phone: string } };

/** Types the three required fields, as given, into an empty form and presses Submit. */
async function submitRequired(
  user: ReturnType<typeof renderWithToasts>,
  { email = "kofi@example.com", phone = "0550000000" } = {},
) {
  const fields = demoFields();
  await user.type(fields.name, "Kofi");
  await user.type(fields.email, email);
  await user.type(fields.phone, phone);
  await user.click(fields.submit);
  return fields;
}

describe("demo request form", () => {
  beforeAll(() => import("@leads/demo"));
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  // The same text for every product, the value-added services' included: no policy wording.
  it.each(DEMO_PRODUCTS)(
    "for %s, an empty submit shows 'Please fill in all the required fields', the summary (focused) and the field messages, and sends nothing",
    async (product) => {
      const fetch = answering(201);
      const user = renderWithToasts(<DemoRequestForm product={product} />);
      const fields = demoFields();
      await user.click(fields.submit);

      const summary = await errorSummary();
      await waitFor(() => expect(summary).toHaveFocus());
      expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
      const required = [
        [fields.name, "Enter your name"],
        [fields.email, "Enter your e-mail address"],
        [fields.phone, "Enter your phone number"],
      ] as const;
      expect(
        within(summary)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(required.map(([, message]) => message));
      for (const [field, message] of required) {
        expect(field).toHaveAttribute("aria-invalid", "true");
        expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      }
      for (const optional of [fields.company, fields.jobTitle, fields.industry]) {
        expect(optional).not.toHaveAttribute("aria-invalid");
      }
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("asks for the right format of an address without a dot after the @, until the address is mended", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<DemoRequestForm product="banking" />);
    const fields = await submitRequired(user, { email: "kofi@example" });

    const summary = await errorSummary();
    expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
    expect(fields.email).toHaveAccessibleDescription(EMAIL_FORMAT);
    await user.click(within(summary).getByRole("link", { name: EMAIL_FORMAT }));
    expect(fields.email).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(fields.email, ".com");
    expect(screen.queryByText(EMAIL_FORMAT)).not.toBeInTheDocument();
    expect(fields.email).not.toHaveAttribute("aria-invalid");
  });

  it("takes a Ghanaian phone number however it is spelt, and refuses one that is no number", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<DemoRequestForm product="vas" />);
    const fields = await submitRequired(user, { phone: "abc" });
    await errorSummary();
    expect(fields.phone).toHaveAccessibleDescription(expect.stringContaining(PHONE_FORMAT));
    expect(fetch).not.toHaveBeenCalled();

    // The same form mended, then four more requests, each from an empty form.
    await user.clear(fields.phone);
    await user.type(fields.phone, "0241234567");
    await user.click(fields.submit);
    const spellings = ["024 123 4567", "+233 24 123 4567", "00233241234567", "233241234567"];
    for (const spelling of spellings) {
      await user.click(await screen.findByRole("button", { name: "Request another demo" }));
      await submitRequired(user, { phone: spelling });
    }
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    const sent = fetch.mock.calls.map((_, n) => (sentBody(fetch, n) as DemoBody).formData.phone);
    expect(sent).toEqual(["0241234567", ...spellings]);
  });

  it("sends its product with what was typed (a free-text industry as typed), then says what happens next", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<DemoRequestForm product="pension-management" />);
    const fields = demoFields();
    const values = {
      name: "Kofi Boateng",
      email: "kofi.boateng@example.com",
      phone: "0550000000",
      company: "Adom Rural Bank",
      jobTitle: "Head of Operations",
      industry: "Agriculture",
    };
    for (const [name, value] of Object.entries(values)) {
      await user.type(fields[name as keyof typeof values], value);
    }
    await user.click(fields.submit);

    const heading = await screen.findByRole("heading", { name: "Thank you for your request" });
    await waitFor(() => expect(heading).toHaveFocus());
    const panel = screen.getByRole("region", { name: "Thank you for your request" });
    expect(panel).toHaveTextContent("We will reach out to you to schedule a demo.");
    expect(panel).toHaveTextContent(
      "We will write to kofi.boateng@example.com or call 0550000000.",
    );
    expect(panel).toHaveTextContent("Monday to Friday, 08:00 to 17:00 GMT (Accra time)");
    expect(shownToasts()).toEqual([{ role: "status", message: SUCCESS_TOAST }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(apiPaths.demo);
    expect(sentBody(fetch)).toEqual({
      product: "pension-management",
      formData: values,
      website: "",
      consentVersion: currentWording("demo").version,
    });
    await user.click(screen.getByRole("button", { name: "Request another demo" }));
    const again = demoFields();
    for (const name of Object.keys(values)) {
      expect(again[name as keyof typeof values], name).toHaveValue("");
    }
    await waitFor(() => expect(again.name).toHaveFocus());
  });

  it("suggests five industries; picking one with Enter fills the field, keeps the focus there and does not submit", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<DemoRequestForm product="aslan" />);
    const { industry } = demoFields();
    await user.click(industry);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Technology",
      "Hospitality",
      "Education",
      "Finance",
      "Other",
    ]);
    await user.type(industry, "fin");
    await user.keyboard("{ArrowDown}{Enter}");

    expect(industry).toHaveValue("Finance");
    expect(industry).toHaveFocus();
    expect(shownToasts()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
