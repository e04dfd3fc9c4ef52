/**
 * STAFF_EMAIL_DOMAINS: new accounts only at the company's domains, accounts made before keep
 * working, and asking for a sign-in link tells nobody which addresses have an account.
 */
import { describe, expect, it } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { loadConfig } from "../../config";
import { sqliteOnly } from "../../testing/lead-api";
import { refusedWith } from "../../testing/checks";
import {
  addStaff,
  mailedSignInTokens,
  requestSignInLink,
  signedInStaff,
  useStaffApi,
} from "../../testing/staff-api";
import { accountsApi } from "../../../staff-api/admin";
import { sessionApi } from "../../../staff-api/session";

const DOMAINS = ["akwaabapay.com", "akwaabapay.com.gh"];
const REFUSAL = "email: Staff accounts must use an address at akwaabapay.com or akwaabapay.com.gh.";

it("reads STAFF_EMAIL_DOMAINS as lower-case domain names, and refuses anything else", () => {
  expect(loadConfig({}).staffEmailDomains).toEqual([]);
  expect(
    loadConfig({ STAFF_EMAIL_DOMAINS: " AkwaabaPay.com, akwaabapay.com.gh,akwaabapay.com" })
      .staffEmailDomains,
  ).toEqual(DOMAINS);
  for (const wrong of ["akwaabapay", "@akwaabapay.com", "akwaabapay.com;evil.com", "a..com"]) {
    expect(() => loadConfig({ STAFF_EMAIL_DOMAINS: wrong }), wrong).toThrow(
      /STAFF_EMAIL_DOMAINS: ".*" is not a domain name; list domains separated by commas/,
    );
  }
});

describe.each(sqliteOnly)("staff accounts at the company's domains, on $name", ({ url }) => {
  const api = useStaffApi(url, { config: { staffEmailDomains: DOMAINS } });

  const accounts = async () =>
    (await api.db.selectFrom("staff_accounts").select("email").orderBy("email").execute()).map(
      (row) => row.email,
    );

  it("invites only addresses at those domains, saying which they are", async () => {
    const admin = await signedInStaff(api, "admin@akwaabapay.com", "admin");
    for (const email of ["kofi@gmail.com", "kofi@mail.akwaabapay.com", "kofi@akwaabapay.co"]) {
      const res = await admin.call(accountsApi.invite, { body: { email, role: "sales" } });
      refusedWith(400, res);
      expect(res.json().error, email).toBe(REFUSAL);
    }
    // An address outside them that has an account is refused alike: nothing told about it.
    await addStaff(api, "yaw@gmail.com");
    const existing = await admin.call(accountsApi.invite, {
      body: {
        email: "yaw@gmail.com",
        role: "sales",
      },
    });
    expect(existing.json().error).toBe(REFUSAL);
    await api.outbox.runOnce();
    expect(api.transport.sent).toEqual([]);
    expect(await accounts()).toEqual(["admin@akwaabapay.com", "yaw@gmail.com"]);

    for (const email of ["Esi@AkwaabaPay.com", "kofi@akwaabapay.com.gh"]) {
      const res = await admin.call(accountsApi.invite, { body: { email, role: "sales" } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await accounts()).toHaveLength(4);
  });

  it("keeps accounts made outside them working: signed in, their role changed", async () => {
    const admin = await signedInStaff(api, "admin@akwaabapay.com", "admin");
    const old = await signedInStaff(api, "ama@gmail.com", "sales");
    expect((await old.call(sessionApi.me)).statusCode).toBe(200);
    const changed = await admin.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id: old.account.id },
      body: {
        role: "marketing",
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it("answers a sign-in link request alike for any address, and mails only an account", async () => {
    await addStaff(api, "ama@gmail.com");
    await addStaff(api, "esi@akwaabapay.com");
    const answers = [];
    for (const email of [
      "nobody@gmail.com",
      "nobody@akwaabapay.com",
      "ama@gmail.com",
      "esi@akwaabapay.com",
    ]) {
      const res = await requestSignInLink(api, email);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.status).toBe(202);
    // An account made before the domains were set keeps signing in.
    expect(await mailedSignInTokens(api, "ama@gmail.com")).toHaveLength(1);
    expect(await mailedSignInTokens(api, "nobody@gmail.com")).toEqual([]);
  });
});
