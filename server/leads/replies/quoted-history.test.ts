import { describe, expect, it } from "vitest";
import { newText } from "./quoted-history";

describe("the new words of a customer's answer", () => {
  it("stops at Gmail's attribution line and keeps what was written above it", () => {
    const text = [
      "Thank you, Efua.",
      "",
      "Tuesday at 10 suits us.",
      "",
      "On Mon, 7 Dec 2026 at 10:02, Efua Addo at Akwaaba Pay <no-reply@akwaabapay.com.gh> wrote:",
      "> Dear Ama,",
      "> Can we meet next week?",
    ].join("\r\n");
    expect(newText(text, 1000)).toBe("Thank you, Efua.\n\nTuesday at 10 suits us.");
  });

  it("stops at an attribution wrapped over two lines", () => {
    const text =
      "Yes please.\n\nOn Mon, 7 Dec 2026 at 10:02, Efua Addo <\nreply@x.test> wrote:\n\n> old";
    expect(newText(text, 1000)).toBe("Yes please.");
  });

  it("stops at Outlook's original-message line", () => {
    const text = "Fine by me.\n\n-----Original Message-----\nFrom: Efua\nSubject: Re: your message";
    expect(newText(text, 1000)).toBe("Fine by me.");
  });

  it("drops lines quoted with > anywhere, and keeps a line that merely starts with On", () => {
    const text = "> Can we meet?\nYes.\nOn Tuesday I am in Kumasi.\n>> older\nCall me.";
    expect(newText(text, 1000)).toBe("Yes.\nOn Tuesday I am in Kumasi.\nCall me.");
  });

  it("cuts a long answer at the limit, saying so", () => {
    const cut = newText("a".repeat(50), 10);
    expect(cut).toBe(`${"a".repeat(9)}…`);
    expect(cut).toHaveLength(10);
  });
});
