import { describe, expect, it } from "vitest";
import { campaignsApi, welcomeApi } from "../../staff-api/newsletter";
import { subscribersApi } from "../../staff-api/subscribers";
import { VERSION_REQUIRED } from "../http/contract-routes";
import { testDialects } from "../testing/lead-api";
import { addSubscriber, at, storedSubscription } from "../testing/records";
import { auditOf, parsedAnswer } from "../testing/checks";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { onlyConfirmed } from "./campaigns/campaigns.testing";

// Two members of marketing on the same campaign, welcome e-mail or subscriber: a change made on
// what a page read before a colleague's change is refused with the record as it now is (412),
// never applied over theirs (decision 0068). A change that names no version is refused (428).

const ifMatch = (etag: unknown) => ({ "if-match": String(etag) });
const STALE_TAG = { "if-match": '"a-version-long-gone"' };

describe.each(testDialects)("stale changes to the newsletter on $name", ({ url }) => {
  const api = useStaffApi(url);

  async function twoColleagues() {
    const ama = await signedInStaff(api, "ama@example.com", "marketing");
    const kofi = await signedInStaff(api, "kofi@example.com", "marketing");
    return { ama, kofi };
  }

  it("a campaign: saved on the version read; refused with it as it now is once a colleague saved", async () => {
    await onlyConfirmed(api, "reader@example.com");
    const { ama, kofi } = await twoColleagues();
    const created = await ama.call(campaignsApi.create, {
      body: { subject: "Draft", markdown: "Hi" },
    });
    const params = { id: String(created.json().id) };
    const read = await kofi.call(campaignsApi.get, { params });
    expect(read.headers.etag).toBeDefined();

    // Ama saves on the version she read: it works, and answers the new version.
    const amaRead = await ama.call(campaignsApi.get, { params });
    const mine = { subject: "Harmattan offers", markdown: "Ama's words" };
    const saved = await ama.call(campaignsApi.update, {
      params,
      body: mine,
      headers: ifMatch(amaRead.headers.etag),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(amaRead.headers.etag);

    // Kofi saves on the version he read before: refused with Ama's campaign, which stays.
    const theirs = { subject: "Kofi's subject", markdown: "Kofi's words" };
    const stale = await kofi.call(campaignsApi.update, {
      params,
      body: theirs,
      headers: ifMatch(read.headers.etag),
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(saved.headers.etag);
    const current = parsedAnswer(campaignsApi.update.answers[412], stale.json());
    expect(current).toMatchObject({ ...mine, updatedBy: "ama@example.com", status: "draft" });
    expect((await kofi.call(campaignsApi.get, { params })).json()).toMatchObject(mine);

    // Sending names the version too: his stale page sends nothing; Ama's current one sends.
    const sentStale = await kofi.call(campaignsApi.send, {
      params,
      body: {},
      headers: ifMatch(read.headers.etag),
    });
    expect(sentStale.statusCode).toBe(412);
    expect(parsedAnswer(campaignsApi.send.answers[412], sentStale.json()).status).toBe("draft");
    const noVersion = await ama.call(campaignsApi.send, { params, body: {} });
    expect(noVersion.statusCode).toBe(428);
    expect(noVersion.json()).toEqual({ error: VERSION_REQUIRED });
    const sent = await ama.call(campaignsApi.send, {
      params,
      body: {},
      headers: ifMatch(saved.headers.etag),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const edited = await api.db
      .selectFrom("audit_log")
      .select("actor_id")
      .where("action", "=", "campaign.edited")
      .where("record_id", "=", params.id)
      .execute();
    expect(edited.map((entry) => entry.actor_id)).toEqual([ama.account.id]);
  });

  it("the welcome e-mail: saved on the version read, 412 with a colleague's save, 428 without", async () => {
    const { ama, kofi } = await twoColleagues();
    const read = await kofi.call(welcomeApi.get);
    const amaRead = await ama.call(welcomeApi.get);
    expect(read.headers.etag).toBe(amaRead.headers.etag);
    const mine = { subject: "Akwaaba!", markdown: "Ama's welcome" };
    const saved = await ama.call(welcomeApi.save, {
      body: mine,
      headers: ifMatch(amaRead.headers.etag),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const stale = await kofi.call(welcomeApi.save, {
      body: { subject: "Kofi's", markdown: "Kofi's welcome" },
      headers: ifMatch(read.headers.etag),
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(saved.headers.etag);
    expect(parsedAnswer(welcomeApi.save.answers[412], stale.json())).toMatchObject({
      ...mine,
      updatedBy: "ama@example.com",
    });
    expect((await kofi.call(welcomeApi.get)).json()).toMatchObject(mine);
    const missing = await kofi.call(welcomeApi.save, { body: mine });
    expect(missing.statusCode).toBe(428);
  });

  it("two saves of the welcome e-mail on one version at once: one lands, the other is told", async () => {
    const { ama, kofi } = await twoColleagues();
    const { etag } = (await ama.call(welcomeApi.get)).headers;
    const saves = await Promise.all(
      [ama, kofi].map((member, i) =>
        member.call(welcomeApi.save, {
          body: { subject: `Subject ${i}`, markdown: `Words ${i}` },
          headers: ifMatch(etag),
        }),
      ),
    );
    expect(saves.map((res) => res.statusCode).toSorted()).toEqual([200, 412]);
    const landed = saves.find((res) => res.statusCode === 200)?.json();
    expect((await kofi.call(welcomeApi.get)).json()).toMatchObject({ subject: landed?.subject });
  });

  it("a subscriber's new address: sent on the version listed, refused once they left meanwhile", async () => {
    await api.db.deleteFrom("mail_suppressions").execute();
    const { ama, kofi } = await twoColleagues();
    const id = await addSubscriber(api, at(1), { email: "esi@old.example", status: "confirmed" });
    const listed = await kofi.call(subscribersApi.list, { query: { q: "esi@old" } });
    const [esi] = parsedAnswer(subscribersApi.list.answers[200], listed.json()).items;
    if (!esi) throw new Error("the subscriber is not listed");

    const sent = await ama.call(subscribersApi.changeAddress, {
      params: { id },
      body: { email: "esi@new.example" },
      headers: ifMatch(`"${esi.version}"`),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    // Asking for a new address leaves the subscription as it is: the version still holds.
    expect(sent.headers.etag).toBe(`"${esi.version}"`);

    const unsubscribed = await ama.call(subscribersApi.unsubscribe, { params: { id } });
    expect(unsubscribed.statusCode).toBe(200);
    const stale = await kofi.call(subscribersApi.changeAddress, {
      params: { id },
      body: { email: "esi@other.example" },
      headers: ifMatch(`"${esi.version}"`),
    });
    expect(stale.statusCode).toBe(412);
    const current = parsedAnswer(subscribersApi.changeAddress.answers[412], stale.json());
    expect(current).toMatchObject({ id, status: "unsubscribed", email: "esi@old.example" });
    expect(stale.headers.etag).toBe(`"${current.version}"`);
    // Nothing was asked of the other address.
    await expect(storedSubscription(api, "esi@other.example")).rejects.toThrow();
    const viewed = await auditOf(api, kofi.account.id, "subscriber.view");
    expect(viewed.map((entry) => entry.record_id)).toEqual([id]);

    const missing = await kofi.call(subscribersApi.changeAddress, {
      params: { id },
      body: { email: "esi@other.example" },
    });
    expect(missing.statusCode).toBe(428);
    const old = await kofi.call(subscribersApi.changeAddress, {
      params: { id },
      body: { email: "esi@other.example" },
      headers: STALE_TAG,
    });
    expect(old.statusCode).toBe(412);
  });
});
