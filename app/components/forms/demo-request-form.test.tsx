// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentWording } from "@leads/consent";
import { DEMO_PRODUCTS } from "@leads/demo";
import { DemoRequestForm } from "./demo-request-form";
import { answering, closeToasts, renderWithToasts, sentBody, shownToasts } from "./testing";
import { apiPaths } from "@common/paths";

// The demo request form of the five demo pages. Each page gives the form its product (the built
// pages' test, tests/site/forms.test.ts, checks which); the browser sends one for real
// (tests/e2e/forms-demo.spec.ts). The messages are written out: they are what the visitor reads.

const INVALID_TOAST = "Please fill in all the fields";
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

describe("demo request form", () => {
  afterEach(() => {
    closeToasts();
    vi.unstubAllGlobals();
  });

  // The same text for every product, the value-added services' included: no policy wording.
  it.each(DEMO_PRODUCTS)(
    "for %s, an empty submit shows 'Please fill in all the fields' and the field messages, focuses Name and sends nothing",
    async (product) => {
      const fetch = answering(201);
      const user = renderWithToasts(<DemoRequestForm product={product} />);
      const fields = demoFields();
      await user.click(fields.submit);

      expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
      const required = [
        [fields.name, "Your name is required"],
        [fields.email, "Email is required"],
        [fields.phone, "Phone Number is required"],
      ] as const;
      for (const [field, message] of required) {
        expect(field).toHaveAttribute("aria-invalid", "true");
        expect(field).toHaveAccessibleDescription(message);
      }
      for (const optional of [fields.company, fields.jobTitle, fields.industry]) {
        expect(optional).not.toHaveAttribute("aria-invalid");
      }
      await waitFor(() => expect(fields.name).toHaveFocus());
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("'Email is invalid' for an address without a dot after the @, until the address is mended", async () => {
    const fetch = answering(201);
    const user = renderWithToasts(<DemoRequestForm product="banking" />);
    const fields = demoFields();
    await user.type(fields.name, "Kofi");
    await user.type(fields.email, "kofi@example");
    await user.type(fields.phone, "0550000000");
    await user.click(fields.submit);

    expect(shownToasts()).toEqual([{ role: "alert", message: INVALID_TOAST }]);
    expect(fields.email).toHaveAccessibleDescription("Email is invalid");
    await waitFor(() => expect(fields.email).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();
    await user.type(fields.email, ".com");
    expect(screen.queryByText("Email is invalid")).not.toBeInTheDocument();
    expect(fields.email).not.toHaveAttribute("aria-invalid");
  });

  it("sends its product with what was typed (a free-text industry as typed), confirms once stored and resets", async () => {
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

    await waitFor(() =>
      expect(shownToasts()).toEqual([{ role: "status", message: SUCCESS_TOAST }]),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(apiPaths.demo);
    expect(sentBody(fetch)).toEqual({
      product: "pension-management",
      formData: values,
      website: "",
      consentVersion: currentWording("demo").version,
    });
    for (const name of Object.keys(values)) {
      expect(fields[name as keyof typeof values], name).toHaveValue("");
    }
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
