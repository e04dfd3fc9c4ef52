import { describe, expect, it } from "vitest";
import { consoleLeadPath } from "../../../common/paths";
import { sessionApi } from "../../../staff-api/session";
import { sqliteOnly } from "../../testing/lead-api";
import { answered } from "../../testing/checks";
import { STAFF_SITE, addStaff, mailedSignInToken, useStaffApi } from "../../testing/staff-api";
import { unchecked } from "../../testing/staff-client";

// A person signed out on their way to a console page (a lead's, from the notification e-mail)
// asks for a sign-in link: the link carries that page, and the console opens it after signing in.

describe.each(sqliteOnly)("the e-mailed sign-in link's next page on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** Asks for a link with `next`; the address the e-mail's link opens. */
  async function linkFor(email: string, next: unknown): Promise<URL> {
    const res = await api
      .signedOut()
      .call(sessionApi.requestLink, { body: unchecked({ email, next }) });
    answered(sessionApi.requestLink, res, 202);
    const token = await mailedSignInToken(api, email);
    const mail = api.transport.sent.filter((m) => m.to === email).at(-1);
    const link = mail?.text.split("\n").find((line) => line.includes(token));
    if (!link) throw new Error(`no link in ${mail?.text}`);
    expect(mail?.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    return new URL(link);
  }

  it("carries a console page into the link, and the page survives the sign-in", async () => {
    await addStaff(api, "ama@example.com", "sales");
    const lead = consoleLeadPath("demo_0b8f6d2e-6f0a-4c57-9d55-2f0c6a1f2d11");
    const link = await linkFor("ama@example.com", `${lead}?from=mail`);
    expect(`${link.origin}${link.pathname}`).toBe(`${STAFF_SITE}/staff/sign-in`);
    expect(link.searchParams.get("next")).toBe(`${lead}?from=mail`);
    expect([...link.searchParams.keys()]).toEqual(["token", "next"]);

    const token = link.searchParams.get("token") ?? "";
    const signedIn = await api.signedOut().call(sessionApi.verify, { body: { token } });
    answered(sessionApi.verify, signedIn, 200);
  });

  it("leaves out a next that is not a console path, and still sends the link", async () => {
    await addStaff(api, "kofi@example.com", "admin");
    for (const next of [
      "//evil.example/staff/leads",
      "https://evil.example/staff/leads",
      "/staff/../api/staff/forget",
      "/staff/%2e%2e/x",
      "/staff\\..\\evil",
      "/staff/\\\\evil.example",
      "/leads",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      const link = await linkFor("kofi@example.com", next);
      expect(link.searchParams.has("next"), String(next)).toBe(false);
      expect(link.searchParams.get("token")).toBeTruthy();
    }
    // A next that is not text at all is a malformed request, like any other field.
    const odd = await api
      .signedOut()
      .call(sessionApi.requestLink, { body: unchecked({ email: "kofi@example.com", next: 42 }) });
    answered(sessionApi.requestLink, odd, 400);
  });
});
