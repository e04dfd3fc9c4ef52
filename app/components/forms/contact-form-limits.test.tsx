// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";
import { closeToasts, contactFields, renderWithToasts } from "./testing";

// What the contact form shows of its limits before anything is sent: each field takes no more
// than the server accepts, and the message box counts what is left near its 5,000 characters.

/** Sets the message box to `length` characters, as a paste does. */
function typeMessage(length: number) {
  fireEvent.change(contactFields().message, { target: { value: "a".repeat(length) } });
}

/** The polite live region that reads the count out. */
const announcer = () =>
  [...document.querySelectorAll('[aria-live="polite"]')].find((region) =>
    region.classList.contains("sr-only"),
  );

describe("contact form limits", () => {
  beforeAll(() => import("@leads/contact"));
  afterEach(() => {
    closeToasts();
    vi.useRealTimers();
  });

  it("every text field takes no more characters than the server accepts", () => {
    renderWithToasts(<ContactForm />);
    const fields = contactFields();
    expect(fields.firstName).toHaveAttribute("maxlength", "200");
    expect(fields.lastName).toHaveAttribute("maxlength", "200");
    expect(fields.email).toHaveAttribute("maxlength", "254");
    expect(fields.phone).toHaveAttribute("maxlength", "40");
    expect(fields.message).toHaveAttribute("maxlength", "5000");
  });

  it("the message box says its limit, then from 4,000 characters how many are left", () => {
    renderWithToasts(<ContactForm />);
    expect(contactFields().message).toHaveAccessibleDescription(
      "You can enter up to 5,000 characters",
    );
    typeMessage(3999);
    expect(contactFields().message).toHaveAccessibleDescription(
      "You can enter up to 5,000 characters",
    );
    typeMessage(4000);
    expect(contactFields().message).toHaveAccessibleDescription(
      "You have 1,000 characters remaining",
    );
    typeMessage(4999);
    expect(screen.getByText("You have 1 character remaining")).toBeVisible();
    typeMessage(5000);
    expect(screen.getByText("You have 0 characters remaining")).toBeVisible();
  });

  it("reads the count out politely once typing pauses, and only near the limit", () => {
    vi.useFakeTimers();
    renderWithToasts(<ContactForm />);
    typeMessage(100);
    act(() => vi.advanceTimersByTime(1500));
    expect(announcer()).toBeEmptyDOMElement();
    typeMessage(4500);
    act(() => vi.advanceTimersByTime(500));
    // Still typing: nothing said yet.
    expect(announcer()).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(600));
    expect(announcer()).toHaveTextContent("You have 500 characters remaining");
  });
});
