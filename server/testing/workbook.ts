/**
 * Reading an Excel export back in a test, with the same library that wrote it (exceljs): the
 * answer's media type and file name checked, then its one worksheet as rows keyed by header.
 */
import type { LightMyRequestResponse } from "fastify";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import { XLSX_TYPE } from "../http/xlsx-stream";

/** The one worksheet of an .xlsx file. */
export async function worksheetOf(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0] as ExcelJS.Worksheet;
}

/** The header row's texts, in order. */
export const headersOf = (sheet: ExcelJS.Worksheet): string[] =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

/** Every row under the header, each a cell by its column's header. */
export function rowsOf(sheet: ExcelJS.Worksheet): Record<string, ExcelJS.Cell>[] {
  const headers = headersOf(sheet);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(headers.map((header, i) => [header, row.getCell(i + 1)])));
  });
  return rows;
}

/**
 * An Excel export's answer: a 200 of an .xlsx file named `<name>-<date>.xlsx`, its rows keyed by
 * header, and the worksheet itself.
 */
export async function exportedSheet(res: LightMyRequestResponse, name: string) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers["content-type"]).toBe(XLSX_TYPE);
  expect(res.headers["content-disposition"]).toMatch(
    new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
  );
  const sheet = await worksheetOf(res.rawPayload);
  return { sheet, rows: rowsOf(sheet) };
}
