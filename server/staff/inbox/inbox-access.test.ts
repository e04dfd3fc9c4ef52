import { describe, expect, it } from "vitest";
import { sqliteOnly } from "../../testing";
import { staffApiPaths } from "../paths";
import { ANY_VERSION } from "../test-requests";
import { addContact, at } from "../test-records";
import { expectAccess } from "../test-checks";
import { useStaffApi } from "../testing";
import { inboxClients, leadPath, notesPath } from "./inbox.testing";

describe.each(sqliteOnly)("lead inbox API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const { signedIn } = inboxClients(api);

  it("lets sales and admins in, keeps marketing out and the signed-out away", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const admin = await signedIn("admin@example.com", "admin");
    const marketing = await signedIn("mkt@example.com", "marketing");
    const requests: [method: "GET" | "PATCH" | "POST", path: string, body?: unknown][] = [
      ["GET", staffApiPaths.leads],
      ["GET", staffApiPaths.leadsCsv],
      ["GET", staffApiPaths.leadStats],
      ["GET", leadPath(lead)],
      ["PATCH", leadPath(lead), { status: "contacted" }],
      ["POST", notesPath(lead), { text: "Called" }],
    ];
    for (const [method, path, body] of requests) {
      const headers = method === "PATCH" ? ANY_VERSION : undefined;
      await expectAccess(
        api,
        { marketing, sales, admin },
        { method, path, body, headers },
        { allowed: ["sales", "admin"], ok: method === "POST" ? 201 : 200 },
      );
    }
  });

  it("refuses writes that are not JSON or come from another site", async () => {
    const lead = await addContact(api, at(1));
    const sales = await signedIn("sales@example.com", "sales");
    const form = await sales.raw("PATCH", leadPath(lead), {
      contentType: "application/x-www-form-urlencoded",
      body: "status=won",
    });
    expect(form.statusCode).toBe(415);
    const foreign = await api
      .as(sales.cookie, { origin: "https://evil.example" })
      .send("POST", notesPath(lead), { text: "hi" });
    expect(foreign.statusCode).toBe(403);
    expect(await api.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
  });
});
