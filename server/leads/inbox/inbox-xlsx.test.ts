import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import { addContact, addDemo, at, MINUTE } from "../../testing/records";
import { auditOf, csvLines } from "../../testing/checks";
import { addStaff } from "../../testing/staff-api";
import { exportedSheet } from "../../testing/workbook";
import { describeInboxApi, addNote, changeLead } from "./inbox.testing";
import { leadsApi } from "../../../staff-api/leads";

/** The cell's value, and that Excel holds it as text: no number, no formula. */
function textOf(cell: ExcelJS.Cell | undefined) {
  expect(cell?.type, `${cell?.address} is a text cell`).toBe(ExcelJS.ValueType.String);
  expect(cell?.formula).toBeUndefined();
  return cell?.value;
}

/** Each named cell of the row holds its text, as textOf() checks it. */
function expectTexts(row: Record<string, ExcelJS.Cell> | undefined, texts: Record<string, string>) {
  for (const [column, text] of Object.entries(texts)) expect(textOf(row?.[column])).toBe(text);
}

describeInboxApi("the inbox's Excel export", (api, { signedIn }) => {
  it("keeps phone numbers as typed, times as Accra dates, words for codes and the owner's name", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addStaff(api, "kofi@example.com", "sales", "Kofi Mensah");
    const contact = await addContact(api, at(1), {
      first_name: '=HYPERLINK("http://evil.example","Click")',
      last_name: "Mensah",
      phone: "0279998888",
      message: "- first point\n- second",
    });
    const demo = await addDemo(api, at(2), {
      product: "banking",
      phone: "233501112222",
      company: "+Evil Ltd",
    });
    await addContact(api, at(3), { phone: "+233 50 111 2222" });
    api.clock.now = new Date(at(10));
    await changeLead(sales, contact, { status: "contacted", owner: "kofi@example.com" });
    await addNote(sales, demo, "Called, no answer");
    await addNote(sales, demo, "Called again");

    const res = await sales.call(leadsApi.exportXlsx);
    const { rows } = await exportedSheet(res, "leads");
    expect(res.headers["x-lead-count"]).toBe("3");
    // Newest first, as the inbox lists them.
    expect(rows.map((row) => textOf(row["Lead ID"]))).toEqual([expect.any(String), demo, contact]);
    const [typed, demoRow, contactRow] = rows;

    expect(rows.map((row) => textOf(row.Phone))).toEqual([
      "+233 50 111 2222",
      "233501112222",
      "0279998888",
    ]);
    expect(typed?.Phone?.numFmt).toBe("@");

    const received = contactRow?.["Received (Accra time)"];
    expect(received?.type).toBe(ExcelJS.ValueType.Date);
    expect(received?.value).toEqual(new Date(at(1)));
    expect(received?.numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(contactRow?.["First response (Accra time)"]?.value).toEqual(new Date(at(10)));
    const waited = contactRow?.["Time to first response"]?.value as Date;
    expect(waited.getTime() - Date.UTC(1899, 11, 30)).toBe(9 * MINUTE);

    expectTexts(contactRow, {
      Status: "Contacted",
      Type: "Contact message",
      Owner: "Kofi Mensah",
      Name: '=HYPERLINK("http://evil.example","Click") Mensah',
      Message: "- first point\n- second",
    });
    expect(contactRow?.Notes?.value).toBe(0);

    expectTexts(demoRow, {
      Status: "New",
      Type: "Demo request",
      Product: "Core Banking",
      Company: "+Evil Ltd",
      Owner: "Nobody yet",
    });
    expect(demoRow?.Notes?.value).toBe(2);
    // A note is a first response too.
    expect(demoRow?.["First response (Accra time)"]?.value).toEqual(new Date(at(10)));
    expect(textOf(typed?.["First response (Accra time)"])).toBe("Not answered yet");
    expect(typed?.["Time to first response"]?.value).toBeNull();

    const audit = await auditOf(api, sales.account.id, "lead.export");
    expect(audit.map((entry) => JSON.parse(entry.detail))).toEqual([
      { filters: {}, rows: 3, format: "xlsx" },
    ]);
  });

  it("narrows the rows with the CSV's filters, to the same leads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    const kept = await addDemo(api, at(1), { product: "banking" });
    await addDemo(api, at(2), { product: "vas" });
    await addContact(api, at(3));
    const other = await addDemo(api, at(4), { product: "banking" });
    await changeLead(sales, other, { status: "spam" });

    const query = "type=demo&product=banking&status=new";
    const { rows } = await exportedSheet(await sales.call(leadsApi.exportXlsx, { query }), "leads");
    expect(rows.map((row) => row["Lead ID"]?.value)).toEqual([kept]);
    const csv = csvLines(await sales.call(leadsApi.exportCsv, { query })).slice(1);
    expect(csv.map((line) => line.split(",")[0])).toEqual([kept]);

    const none = await exportedSheet(
      await sales.call(leadsApi.exportXlsx, { query: "q=nobody-by-this-name" }),
      "leads",
    );
    expect(none.rows).toEqual([]);
    const bad = await sales.call(leadsApi.exportXlsx, { query: "since=2026-02-30" });
    expect(bad.statusCode).toBe(400);
  });

  it("counts each lead's notes and names its owner across the batches the export reads", async () => {
    const sales = await signedIn("sales@example.com", "sales");
    await addStaff(api, "esi@example.com", "sales", "Esi Boateng");
    // One more than a batch of 500: the oldest lead comes in a second batch.
    const oldest = await addContact(api, at(0), { first_name: "Oldest" });
    for (let i = 0; i < 500; i++) await addContact(api, at(1 + (i % 7)), { first_name: `P${i}` });
    const newest = await addContact(api, at(8), { first_name: "Newest" });
    api.clock.now = new Date(at(20));
    await addNote(sales, oldest, "One");
    await addNote(sales, oldest, "Two");
    await addNote(sales, newest, "Three");
    await changeLead(sales, oldest, { owner: "esi@example.com" });

    const { rows } = await exportedSheet(await sales.call(leadsApi.exportXlsx), "leads");
    expect(rows).toHaveLength(502);
    expect(new Set(rows.map((row) => row["Lead ID"]?.value)).size).toBe(502);
    const byId = (id: string) => rows.find((row) => row["Lead ID"]?.value === id);
    expect(byId(oldest)?.Notes?.value).toBe(2);
    expect(byId(oldest)?.Owner?.value).toBe("Esi Boateng");
    expect(byId(newest)?.Notes?.value).toBe(1);
    expect(rows.reduce((sum, row) => sum + Number(row.Notes?.value), 0)).toBe(3);
  }, 60_000);
});
