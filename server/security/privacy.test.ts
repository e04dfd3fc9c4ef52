import { once } from "node:events";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import {
  failingTransport,
  testApp,
  testConfig,
  testDatabase,
  testDialects,
  testOutbox,
} from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

const contactBody = {
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama.mensah@example.com",
  phone: "+233550001111",
  message: "Our secret pricing question",
  agreeToPolicy: true,
};

/** A log stream for the app, `write` for the outbox's log, and all that both wrote, as text. */
function logCapture() {
  const stream = new PassThrough();
  const capture = {
    stream,
    text: "",
    write: (o: object, m: string) => void stream.write(`${JSON.stringify(o)} ${m}\n`),
  };
  stream.on("data", (chunk: Buffer) => (capture.text += chunk.toString()));
  return capture;
}

it("logs carry no message bodies and no full e-mail addresses, even when things fail", async () => {
  const logs = logCapture();
  const db = await testDatabase();
  const failing = failingTransport("550 <ama.mensah@example.com>: mailbox unavailable");
  const outbox = testOutbox(db, failing, { log: { info() {}, warn: logs.write, error() {} } });
  const app = await testApp(db, { config: { logLevel: "info" }, outbox, logStream: logs.stream });

  const body = contactBody;
  expect(
    (await app.inject({ method: "POST", url: apiPaths.contact, payload: body })).statusCode,
  ).toBe(201);
  await outbox.runOnce(); // the mail server refuses, quoting the address
  await app.inject({ url: "/api/newsletter/confirm?token=abc123" });
  await db.destroy(); // and the database goes away
  expect(
    (await app.inject({ method: "POST", url: apiPaths.contact, payload: body })).statusCode,
  ).toBe(503);
  await app.close();

  expect(logs.text).toContain(apiPaths.contact); // requests are logged…
  expect(logs.text).toContain("***@example.com"); // …errors keep the domain…
  for (const personal of [
    "ama.mensah@example.com",
    "Our secret pricing question",
    "+233550001111",
    "Mensah",
    "abc123",
  ]) {
    expect(logs.text, personal).not.toContain(personal); // …and nothing of the person
  }
});

describe.each(testDialects)("addresses the forms accept, in errors, on $name", ({ url }) => {
  it("are masked in the log and in outbox.last_error: non-ASCII, &, / and ' too", async () => {
    const logs = logCapture();
    const email = "o'neil&co/äma.ŋɔ@bücher.example";
    const local = email.slice(0, email.lastIndexOf("@"));
    const db = await testDatabase(url);
    let failTask = false;
    const failing = failingTransport(`550 5.1.1 <${email}>: Recipient address rejected`);
    const outbox = testOutbox(db, failing, {
      // A task of the worker's run failing with the address in its message (a database error).
      tasks: [
        async () => {
          if (failTask) throw new Error(`to=${email}, status=deferred`);
        },
      ],
      log: { info: logs.write, warn: logs.write, error: logs.write },
    });
    const app = await testApp(db, { config: { logLevel: "info" }, outbox, logStream: logs.stream });
    // A request that fails unexpectedly, quoting the address: its stack is logged too.
    app.get("/test/fails", async () => {
      throw new Error(`could not read ${email}`);
    });
    const body = { ...contactBody, email };
    expect(
      (await app.inject({ method: "POST", url: apiPaths.contact, payload: body })).statusCode,
    ).toBe(201);
    await outbox.runOnce(); // the mail server refuses, quoting the address
    failTask = true;
    await outbox.runOnce();
    expect((await app.inject({ url: "/test/fails" })).statusCode).toBe(500);
    const stored = await db.selectFrom("outbox").select("last_error").execute();
    await app.close();
    await db.destroy();

    expect(stored.map((row) => row.last_error)).toEqual([
      "550 5.1.1 <***@bücher.example>: Recipient address rejected",
    ]);
    expect(logs.text).toContain("delivery failed, will retry");
    expect(logs.text).toContain("outbox run failed");
    expect(logs.text).toContain("request failed");
    expect(logs.text).toContain("***@bücher.example");
    for (const part of [local, "äma", "neil", "ŋɔ", "&co"]) {
      expect(logs.text, part).not.toContain(part);
    }
  });
});

it("logs no query string or address on any path, the not-found and wrong-method ones included", async () => {
  const logs = logCapture();
  const db = await testDatabase();
  const app = await testApp(db, { config: { logLevel: "trace" }, logStream: logs.stream });
  const secret = "SECRETtoken123";
  for (const [method, url] of [
    ["PROPFIND", `/api/newsletter/confirm?token=${secret}&email=ama.mensah@example.com`],
    ["GET", `/api/nothing?token=${secret}`],
    ["POST", `/somewhere?token=${secret}`],
    ["DELETE", `/api/contact?email=ama.mensah%40example.com`],
    ["GET", `/api/newsletter/unsubscribe?token=${secret}`],
    ["POST", `/people/ama.mensah%40example.com?token=${secret}`],
    ["GET", `/ama.mensah@example.com/x`],
    ["GET", `/Kwame-Mensah/0559211848`],
    ["POST", `/api/kwame/233559211848`],
    ["GET", apiPaths.health],
  ] as const) {
    const res = await app.inject({ method: method as "GET", url });
    expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
  }
  await app.close();
  await db.destroy();
  // Requests are logged; of a path no route answers, only the API's section and lengths…
  expect(logs.text).toContain('"url":"/api/[7]"');
  expect(logs.text).toContain('"url":"/[12]/[10]"');
  expect(logs.text).toContain(`"url":"${apiPaths.health}"`); // …a route's path as it is…
  for (const personal of [secret, "ama.mensah", "token=", "Kwame", "kwame", "559211848"]) {
    expect(logs.text, personal).not.toContain(personal); // …and no query string
  }
});

it("refuses oversized request headers with 431", async () => {
  const app = await buildApp({ config: testConfig() });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const req = request({
    port,
    host: "127.0.0.1",
    path: apiPaths.health,
    headers: { "x-big": "x".repeat(40_000) },
  });
  req.end();
  const [res] = (await once(req, "response")) as [{ statusCode: number }];
  expect(res.statusCode).toBe(431);
  // Stalled clients are cut off: headers must arrive within 10 s, a request within 15 s.
  expect(app.server.headersTimeout).toBe(10_000);
  expect(app.server.requestTimeout).toBe(15_000);
  await app.close();
});
