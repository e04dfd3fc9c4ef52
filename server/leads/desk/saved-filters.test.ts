import { describe, expect, it } from "vitest";
import {
  MAX_SAVED_FILTERS,
  type SavedFilter,
  normalFilterQuery,
  savedFiltersApi,
} from "../../../staff-api/saved-filters";
import { answered } from "../../testing/checks";
import { describeInboxApi } from "../inbox/inbox.testing";

describe("normalFilterQuery", () => {
  it("writes the inbox's filters in one form, and refuses what is not one", () => {
    expect(normalFilterQuery("?status=new&view=mine&q=")).toEqual({
      query: "view=mine&status=new",
    });
    expect(normalFilterQuery("q=Kofi+Mensah&type=demo")).toEqual({
      query: "type=demo&q=Kofi+Mensah",
    });
    expect(normalFilterQuery("")).toEqual({ error: "set a filter first" });
    expect(normalFilterQuery("q=")).toEqual({ error: "set a filter first" });
    for (const query of ["cursor=abc", "view=theirs", "status=new&status=won", "since=soon"]) {
      expect(normalFilterQuery(query), query).toEqual({ error: "not a filter of the inbox" });
    }
  });
});

describeInboxApi("saved filters", (api, { signedIn }) => {
  it("saves, lists and deletes a person's own filters, and no one else's", async () => {
    const ama = await signedIn("ama@example.com", "sales");
    const kofi = await signedIn("kofi@example.com", "admin");
    const created = await ama.call(savedFiltersApi.create, {
      body: { name: "  My new demos ", query: "?type=demo&status=new&view=mine" },
    });
    const saved = answered(savedFiltersApi.create, created, 201);
    expect(saved).toEqual({
      id: expect.any(String),
      name: "My new demos",
      query: "view=mine&type=demo&status=new",
    });
    // Saved a second later, it is listed after.
    api.advance(1000);
    await ama.call(savedFiltersApi.create, {
      body: { name: "Unassigned", query: "view=unassigned" },
    });
    const amas = (await ama.read(savedFiltersApi.list)) as { items: SavedFilter[] };
    expect(amas.items.map((filter) => filter.name)).toEqual(["My new demos", "Unassigned"]);
    expect(await kofi.read(savedFiltersApi.list)).toEqual({ items: [] });

    // Kofi cannot delete Ama's: as if it did not exist.
    const theirs = await kofi.call(savedFiltersApi.remove, { params: { id: saved.id } });
    expect(theirs.statusCode).toBe(404);
    expect((await ama.read(savedFiltersApi.list)).items).toHaveLength(2);
    const removed = await ama.call(savedFiltersApi.remove, { params: { id: saved.id } });
    expect(removed.statusCode).toBe(204);
    const again = await ama.call(savedFiltersApi.remove, { params: { id: saved.id } });
    expect(again.statusCode).toBe(404);
    expect((await ama.read(savedFiltersApi.list)).items).toEqual([
      { id: expect.any(String), name: "Unassigned", query: "view=unassigned" },
    ]);
  });

  it("refuses a name of nothing or over 60 characters, and a query that is no filter", async () => {
    const ama = await signedIn("ama@example.com", "sales");
    const refused = async (body: unknown) => {
      const res = await ama.call(savedFiltersApi.create, { body: body as never });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().error as string;
    };
    expect(await refused({ name: "   ", query: "view=mine" })).toMatch(/^name: /);
    expect(await refused({ name: "x".repeat(61), query: "view=mine" })).toMatch(/^name: /);
    expect(await refused({ name: "a\u202eb", query: "view=mine" })).toMatch(/^name: /);
    expect(await refused({ name: "Mine", query: "view=theirs" })).toBe(
      "query: not a filter of the inbox",
    );
    expect(await refused({ name: "Mine", query: "cursor=x" })).toBe(
      "query: not a filter of the inbox",
    );
    expect(await refused({ name: "Mine", query: "" })).toBe("query: set a filter first");
    expect(await refused({ name: "Mine", query: "q=x".padEnd(1001, "x") })).toMatch(/^query: /);
    expect(await refused({ name: "Mine" })).toMatch(/^query: /);
    const name60 = await ama.call(savedFiltersApi.create, {
      body: { name: "x".repeat(60), query: "view=mine" },
    });
    expect(name60.statusCode).toBe(201);
  });

  it(`keeps at most ${MAX_SAVED_FILTERS} per person`, async () => {
    const ama = await signedIn("ama@example.com", "sales");
    const kofi = await signedIn("kofi@example.com", "sales");
    for (let n = 1; n <= MAX_SAVED_FILTERS; n += 1) {
      const res = await ama.call(savedFiltersApi.create, {
        body: { name: `Search ${n}`, query: `q=${n}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const more = await ama.call(savedFiltersApi.create, {
      body: { name: "One more", query: "q=x" },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toMatch(/delete one first/);
    expect((await ama.read(savedFiltersApi.list)).items).toHaveLength(MAX_SAVED_FILTERS);
    // The limit is each person's own.
    const kofis = await kofi.call(savedFiltersApi.create, { body: { name: "Mine", query: "q=x" } });
    expect(kofis.statusCode).toBe(201);
  });

  it("keeps them from marketing (403)", async () => {
    const marketing = await signedIn("mo@example.com", "marketing");
    expect((await marketing.call(savedFiltersApi.list)).statusCode).toBe(403);
    const res = await marketing.call(savedFiltersApi.create, {
      body: { name: "Mine", query: "view=mine" },
    });
    expect(res.statusCode).toBe(403);
  });
});
