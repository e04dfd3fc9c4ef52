import { describe, expect, it } from "vitest";
import { site } from "../../../common/site";
import { ROLE_DUTIES } from "../../../staff-api/roles";
import { testDialects } from "../../testing/lead-api";
import { createSession } from "../sign-in/sessions";
import { auditOf } from "../../testing/checks";
import {
  addStaff,
  mailedSignInToken,
  signedInStaff,
  useStaffApi,
  verifySignInLink,
} from "../../testing/staff-api";
import { INVITATION_MAIL_KIND } from "./invitations";
import { accountsApi, outboxApi } from "../../../staff-api/admin";
import { sessionApi } from "../../../staff-api/session";
import { consolePaths } from "../../../common/paths";
import { cookieOf, ANY_VERSION } from "../../testing/staff-client";

const DAY = 24 * 60 * 60_000;

describe.each(testDialects)("staff invitations on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** A signed-in admin with a name, as the invitation e-mail names them. */
  async function admin(email: string, name: string) {
    const account = await addStaff(api, email, "admin", name);
    const { secret } = await createSession(api.db, account.id, api.clock.now);
    return { ...api.as(`staff_session=${secret}`), account };
  }

  /** Ama, an admin, invites Kofi to sales: her client, his account's id and his link's token. */
  async function amaInvitesKofi() {
    const ama = await admin("ama@example.com", "Ama Mensah");
    const invited = await ama.call(accountsApi.invite, {
      body: {
        email: "kofi@example.com",
        role: "sales",
      },
    });
    const { id } = invited.json() as { id: string };
    return { ama, id, token: await mailedSignInToken(api, "kofi@example.com") };
  }

  /** Sends the outbox; the mails to `email`. */
  async function mailsTo(email: string) {
    await api.outbox.runOnce();
    return api.transport.sent.filter((m) => m.to === email);
  }

  it("mails who invited the person and with which role, with a link that works for 7 days", async () => {
    const ama = await admin("ama@example.com", "Ama Mensah");
    for (const [email, role] of [
      ["kofi@example.com", "marketing"],
      ["esi@example.com", "sales"],
    ] as const) {
      const res = await ama.call(accountsApi.invite, { body: { email, role } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        invitedAt: api.clock.now.toISOString(),
        invitedBy: "Ama Mensah",
      });
    }
    const [mail] = await mailsTo("kofi@example.com");
    expect(mail?.subject).toBe(`Ama Mensah invited you to the ${site.name} staff console`);
    expect(mail?.text).toContain(
      `Ama Mensah invited you to the ${site.name} staff console as Marketing: you will have access to ${ROLE_DUTIES.marketing}.`,
    );
    expect(mail?.text).toContain("The link works once, within 7 days.");
    expect(mail?.html).toContain(">Sign in</a>");
    const outbox = await api.db.selectFrom("outbox").select("kind").execute();
    expect(outbox.map((row) => row.kind)).toEqual([INVITATION_MAIL_KIND, INVITATION_MAIL_KIND]);

    const kofis = await mailedSignInToken(api, "kofi@example.com");
    const esis = await mailedSignInToken(api, "esi@example.com");
    api.advance(6 * DAY);
    const kofi = await verifySignInLink(api, kofis);
    expect(kofi.statusCode, kofi.body).toBe(200);
    expect(kofi.json()).toMatchObject({ email: "kofi@example.com", role: "marketing" });
    // Still single-use.
    expect((await verifySignInLink(api, kofis)).statusCode).toBe(401);
    api.advance(2 * DAY);
    expect((await verifySignInLink(api, esis)).statusCode).toBe(401);
  });

  it("lands the invited person on the console's welcome, which names who invited them", async () => {
    const invitedAt = api.clock.now.toISOString();
    const { token } = await amaInvitesKofi();
    const [mail] = await mailsTo("kofi@example.com");
    expect(mail?.text).toContain(
      `/staff/sign-in?token=${token}&next=${encodeURIComponent(consolePaths.firstSignIn)}`,
    );
    const kofi = api.as(cookieOf(await verifySignInLink(api, token)));
    expect(await kofi.read(sessionApi.invitation)).toEqual({ invitedBy: "Ama Mensah", invitedAt });
    // An account made without an invitation (the command line) names nobody.
    expect(await (await admin("esi@example.com", "Esi")).read(sessionApi.invitation)).toEqual({
      invitedBy: null,
      invitedAt: null,
    });
  });

  it("sends the invitation again, from whoever sends it, and the earlier link stops working", async () => {
    const { id, token: first } = await amaInvitesKofi();

    api.advance(DAY);
    // Signed in a day later (Ama's session has idled out meanwhile).
    const kwame = await admin("kwame@example.com", "Kwame Asante");
    const again = await kwame.call(accountsApi.resendInvitation, {
      headers: ANY_VERSION,
      params: { id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      id,
      lastSignInAt: null,
      invitedAt: api.clock.now.toISOString(),
      invitedBy: "Kwame Asante",
    });
    const list = await kwame.call(accountsApi.list);
    expect(list.json().items).toContainEqual(again.json());
    const second = await mailedSignInToken(api, "kofi@example.com");
    expect(api.transport.sent.at(-1)?.subject).toMatch(/^Kwame Asante invited you/);

    const [entry, ...more] = await auditOf(api, kwame.account.id, "staff.invitation-resent");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ record_type: "staff_account", record_id: id });
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({
      email: "kofi@example.com",
      role: "sales",
      via: "console",
    });

    expect((await verifySignInLink(api, first)).statusCode).toBe(401);
    expect((await verifySignInLink(api, second)).statusCode).toBe(200);
    // Signed in, they ask for their own links from now on.
    const late = await kwame.call(accountsApi.resendInvitation, {
      headers: ANY_VERSION,
      params: { id },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: expect.stringMatching(/signed in already/) });
  });

  it("refuses to invite again a disabled account, one that does not exist, and for non-admins", async () => {
    const { ama, id, token } = await amaInvitesKofi();
    const disable = await ama.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id },
      body: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    const refused = await ama.call(accountsApi.resendInvitation, {
      headers: ANY_VERSION,
      params: { id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/disabled/) });
    // Enabling the account again does not bring its invitation's link back.
    await ama.call(accountsApi.change, {
      headers: ANY_VERSION,
      params: { id },
      body: { disabled: false },
    });
    expect((await verifySignInLink(api, token)).statusCode).toBe(401);

    const missing = await ama.call(accountsApi.resendInvitation, {
      headers: ANY_VERSION,
      params: { id: crypto.randomUUID() },
    });
    expect(missing.statusCode).toBe(404);
    for (const role of ["sales", "marketing"] as const) {
      const other = await signedInStaff(api, `${role}@example.com`, role);
      expect(
        (await other.call(accountsApi.resendInvitation, { headers: ANY_VERSION, params: { id } }))
          .statusCode,
      ).toBe(403);
    }
    expect(await auditOf(api, ama.account.id, "staff.invitation-resent")).toEqual([]);
  });

  it("invites an account added from the command line, which was never invited", async () => {
    const ama = await admin("ama@example.com", "Ama Mensah");
    const added = await addStaff(api, "yaw@example.com", "marketing");
    const before = await ama.call(accountsApi.list);
    expect(before.json().items).toContainEqual(
      expect.objectContaining({ id: added.id, invitedAt: null, invitedBy: null }),
    );
    const res = await ama.call(accountsApi.resendInvitation, {
      headers: ANY_VERSION,
      params: { id: added.id },
      body: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invitedBy: "Ama Mensah" });
    const [mail] = await mailsTo("yaw@example.com");
    expect(mail?.subject).toMatch(/^Ama Mensah invited you/);
  });

  it("lists invitation e-mails in the outbox as invitations", async () => {
    const ama = await admin("ama@example.com", "Ama Mensah");
    await ama.call(accountsApi.invite, { body: { email: "kofi@example.com", role: "sales" } });
    const res = await ama.call(outboxApi.list);
    expect(res.json().items).toEqual([
      expect.objectContaining({ kind: INVITATION_MAIL_KIND, to: "kofi@example.com" }),
    ]);
  });
});
