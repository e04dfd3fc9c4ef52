import { describe, expect, it } from "vitest";
import { isEmailAddress } from "../leads/email";
import { mailtoHref } from "./mailto";

/** What a mail client reads from a link: the recipients and the header fields. */
function parse(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname.split(",").map(decodeURIComponent),
    fields: Object.fromEntries(new URLSearchParams(url.search)),
    hash: url.hash,
  };
}

describe("mailtoHref", () => {
  it("leaves an ordinary address readable", () => {
    expect(mailtoHref("ama.mensah@example.com.gh")).toBe("mailto:ama.mensah@example.com.gh");
    expect(mailtoHref("o'neil@example.co.uk")).toBe("mailto:o'neil@example.co.uk");
  });

  it("gives an address the forms accept no header fields and no second recipient", () => {
    const hostile = [
      "sales?bcc=spy%40evil.example&body=hi@example.com",
      "a&cc=spy@example.com",
      "a#x@example.com",
      "a=b?subject=x@example.com",
      "50%25@example.com",
      "a/b@example.com",
    ];
    for (const address of hostile) {
      // The forms take each of these as one mailbox, so the link must too.
      expect(isEmailAddress(address), address).toBe(true);
      const href = mailtoHref(address);
      expect(href, address).not.toMatch(/[?&#,=]/);
      expect(parse(href), address).toEqual({ to: [address], fields: {}, hash: "" });
    }
    expect(mailtoHref("sales?bcc=spy%40evil.example&body=hi@example.com")).toBe(
      "mailto:sales%3Fbcc%3Dspy%2540evil.example%26body%3Dhi@example.com",
    );
    // Refused by the forms, but the link still names one recipient.
    expect(parse(mailtoHref("a@x.gh,b@y.gh")).to).toEqual(["a@x.gh,b@y.gh"]);
  });

  it("encodes sub-addresses and letters of any script as UTF-8", () => {
    expect(mailtoHref("ama+news@example.com")).toBe("mailto:ama%2Bnews@example.com");
    expect(mailtoHref("kofi@exámple.gh")).toBe("mailto:kofi@ex%C3%A1mple.gh");
  });

  it("adds a subject as one header field, whatever it says", () => {
    const href = mailtoHref("careers@example.com", { subject: "Application: A&B?body=x #1" });
    expect(parse(href)).toEqual({
      to: ["careers@example.com"],
      fields: { subject: "Application: A&B?body=x #1" },
      hash: "",
    });
    expect(mailtoHref("careers@example.com", { subject: undefined })).toBe(
      "mailto:careers@example.com",
    );
  });

  it("does not throw on a lone surrogate an old row may hold", () => {
    expect(mailtoHref("a\uD800@example.com")).toBe("mailto:a%EF%BF%BD@example.com");
    expect(mailtoHref("a\uDC00\uD800@example.com")).toBe("mailto:a%EF%BF%BD%EF%BF%BD@example.com");
    expect(mailtoHref("\u{1F600}@example.com")).toBe("mailto:%F0%9F%98%80@example.com");
  });
});
