import { afterEach, describe, expect, it, vi } from "vitest";
import { leadsApi } from "../staff-api/leads";
import { ApiError, addressOf, call, staleRecord } from "./api";
import { leadDetail } from "../staff-api/test-samples";

const STATS = { count: 2, responded: 1, averageFirstResponseMs: 60_000 };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async () => Response.json(body, { status, headers }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("calls of the contract", () => {
  it("fill in the address's params and query, leaving empty values out", () => {
    expect(addressOf(leadsApi.addNote, { params: { id: "demo_a b" }, body: { text: "x" } })).toBe(
      "/api/staff/leads/demo_a%20b/notes",
    );
    expect(addressOf(leadsApi.stats, { query: { status: "won", q: "", owner: null } })).toBe(
      "/api/staff/leads/stats?status=won",
    );
  });

  it("send the endpoint's method and body, and return the answer as the contract parses it", async () => {
    const fetch = answer(201, { message: "Note added" });
    const added = await call(leadsApi.addNote, { params: { id: "demo_1" }, body: { text: "Hi" } });
    expect(added).toEqual({ message: "Note added" });
    expect(fetch).toHaveBeenCalledWith(
      "/api/staff/leads/demo_1/notes",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ text: "Hi" }) }),
    );
    answer(200, STATS);
    expect(await call(leadsApi.stats)).toEqual(STATS);
  });

  it("refuse an answer that is not what the contract says, as an out-of-date console", async () => {
    answer(200, { ...STATS, extra: true });
    await expect(call(leadsApi.stats)).rejects.toEqual(
      new ApiError(200, "The console is out of date. Please reload the page."),
    );
    answer(200, { count: 1 });
    await expect(call(leadsApi.stats)).rejects.toBeInstanceOf(ApiError);
  });

  it("throw a refusal's message, with its body as it came", async () => {
    answer(404, { error: "No such lead" });
    await expect(call(leadsApi.get, { params: { id: "demo_1" } })).rejects.toEqual(
      new ApiError(404, "No such lead", { error: "No such lead" }),
    );
  });

  it("read a versioned record with its ETag, and send a change with it as If-Match", async () => {
    const lead = leadDetail({ status: "qualified" });
    answer(200, lead, { etag: '"3"' });
    expect(await call(leadsApi.get, { params: { id: lead.id } })).toEqual({
      value: lead,
      version: '"3"',
    });
    const fetch = answer(412, lead, { etag: '"4"' });
    const change = { params: { id: lead.id }, body: { owner: null }, version: '"3"' };
    const refused = await call(leadsApi.update, change).catch((error: unknown) => error);
    expect(fetch).toHaveBeenCalledWith(
      `/api/staff/leads/${lead.id}`,
      expect.objectContaining({ headers: expect.objectContaining({ "if-match": '"3"' }) }),
    );
    expect(staleRecord(refused, leadsApi.update)).toEqual({ current: lead, version: '"4"' });
    expect(refused).toBeInstanceOf(ApiError);
  });
});
