import { expect, it } from "vitest";
import { maskEmails, safeError } from "./log-safety";

it("hides the person in e-mail addresses but keeps the domain", () => {
  expect(maskEmails("550 <ama.mensah@example.com> rejected, cc kofi@mail.gh")).toBe(
    "550 <a***@example.com> rejected, cc k***@mail.gh",
  );
  expect(safeError(new Error("duplicate key (email_key)=(esi@x.gh)"))).toBe(
    "duplicate key (email_key)=(e***@x.gh)",
  );
});
