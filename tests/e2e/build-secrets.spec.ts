import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Nothing server-only reaches the browser. The client build is scanned for the
// names and shapes of server settings, and for the values of any that are set while testing.

const BUILD = path.resolve("build/client");
const SERVER_ONLY = [
  "DATABASE_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "SALES_EMAIL",
  "EMAILJS_SERVICE_ID",
  "EMAILJS_TEMPLATE_ID",
  "EMAILJS_PUBLIC_KEY",
  "EMAILJS_PRIVATE_KEY",
  "TEST_DATABASE_URL",
];
const SHAPES = [
  /postgres(ql)?:\/\//i,
  /smtps?:\/\//i,
  /accessToken/,
  /PRIVATE_KEY/,
  /BEGIN [A-Z ]*PRIVATE KEY/,
];

test("the client build carries no secret or server-only setting", async () => {
  const files = (await readdir(BUILD, { recursive: true, withFileTypes: true }))
    .filter(
      (entry) =>
        entry.isFile() && /\.(js|html|css|json|data|webmanifest|txt|xml|map)$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(30);
  expect(
    files.filter((file) => file.endsWith(".map")),
    "source maps are not shipped",
  ).toEqual([]);

  const values = SERVER_ONLY.map((name) => process.env[name]).filter(
    (v): v is string => !!v && v.length >= 6,
  );
  for (const file of files) {
    const text = await readFile(file, "utf8");
    const where = path.relative(BUILD, file);
    for (const name of SERVER_ONLY) expect(text.includes(name), `${name} in ${where}`).toBe(false);
    for (const shape of SHAPES) expect(shape.test(text), `${shape} in ${where}`).toBe(false);
    for (const value of values)
      expect(text.includes(value), `a configured secret in ${where}`).toBe(false);
  }
});
