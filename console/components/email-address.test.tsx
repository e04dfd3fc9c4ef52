// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { EmailAddress } from "./email-address";

it("keeps an address in a right-to-left script left to right, isolated from the text around it", () => {
  render(
    <p dir="rtl">
      عنوان <EmailAddress>مريم@example.com</EmailAddress>
    </p>,
  );
  const address = screen.getByText("مريم@example.com");
  expect(address.tagName).toBe("BDI");
  expect(address).toHaveAttribute("dir", "ltr");
});
