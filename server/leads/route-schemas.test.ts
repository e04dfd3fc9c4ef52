/**
 * Every API route publishes a Fastify schema generated from our zod rules: what it reads (body,
 * query string) and what it answers. Requests are still checked by zod itself
 * (http/zod-schemas.ts); these tests make sure the published schemas say what those rules say,
 * and that serialising answers with them changes no byte of what is sent.
 */
import type { FastifyInstance, FastifySchema } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { ContactSchema } from "../../leads/contact";
import { DEMO_PRODUCTS, DemoRequestSchema } from "../../leads/demo";
import { NewsletterSchema } from "../../leads/newsletter";
import { apiPaths, newsletterLinkPaths } from "../../common/paths";
import type { DB } from "../db/database";
import { STAFF_ENDPOINTS } from "../../staff-api/endpoints";
import { postJson, postRaw, testApp, testDatabase } from "../testing/lead-api";

/** The parts of a generated JSON schema these tests read. */
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  enum?: unknown[];
}

let app: FastifyInstance;
let db: DB;
const schemas = new Map<string, FastifySchema | undefined>();

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  app.addHook("onRequest", async (request) => {
    schemas.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.schema);
  });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

/** The schema of the route that answers `method url` (the query string left out). */
async function schemaOf(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
): Promise<FastifySchema> {
  await app.inject({
    method,
    url: `${url}?token=abc`,
    payload: method === "GET" || method === "DELETE" ? undefined : {},
  });
  const schema = schemas.get(`${method} ${url}`);
  if (!schema) throw new Error(`${method} ${url} has no schema`);
  return schema;
}

describe("route schemas", () => {
  it("every API route describes what it reads and, where it answers JSON, its answers", async () => {
    const routes: [
      method: "GET" | "POST" | "PATCH" | "DELETE",
      url: string,
      parts: string[],
      statuses: number[],
    ][] = [
      ["POST", apiPaths.subscribe, ["body", "response"], [202, 400, 422, 503]],
      ["POST", apiPaths.contact, ["body", "response"], [201, 400, 422, 503]],
      ["POST", apiPaths.demo, ["body", "response"], [201, 400, 422, 503]],
      ["POST", apiPaths.oneClickUnsubscribe, ["body", "querystring", "response"], [200, 400, 503]],
      ["POST", apiPaths.mailEventsSes, ["body", "response"], [200, 400, 403, 404, 503]],
      ["POST", apiPaths.mailEventsPostmark, ["body", "response"], [200, 400, 401, 404, 503]],
      ["POST", apiPaths.mailInboundPostmark, ["body", "response"], [200, 400, 401, 404, 503]],
      // The buttons of the newsletter link pages, and old links: they answer with redirects.
      ["POST", newsletterLinkPaths.confirm, ["body", "querystring"], []],
      ["POST", newsletterLinkPaths.unsubscribe, ["body", "querystring"], []],
      ["GET", `/api${newsletterLinkPaths.confirm}`, ["querystring"], []],
      ["GET", `/api${newsletterLinkPaths.unsubscribe}`, ["querystring"], []],
      ["GET", apiPaths.health, ["response"], [200]],
      ["GET", apiPaths.ready, ["response"], [200, 503]],
    ];
    for (const [method, url, parts, statuses] of routes) {
      const schema = await schemaOf(method, url);
      expect(Object.keys(schema).sort(), `${method} ${url}`).toEqual(parts);
      expect(Object.keys(schema.response ?? {}).map(Number), `${method} ${url}`).toEqual(statuses);
    }
  });

  it("every staff endpoint of the contract is registered with the schemas it defines", async () => {
    for (const spec of STAFF_ENDPOINTS) {
      const schema = await schemaOf(spec.method, spec.path);
      const parts = [
        ...(spec.body ? ["body"] : []),
        ...(spec.params ? ["params"] : []),
        ...(spec.query ? ["querystring"] : []),
        "response",
      ];
      const name = `${spec.method} ${spec.path}`;
      expect(Object.keys(schema).sort(), name).toEqual(parts);
      expect(Object.keys(schema.response ?? {}), name).toEqual(Object.keys(spec.answers));
    }
  });

  it("the contact body requires the fields the contact form requires", async () => {
    const body = (await schemaOf("POST", apiPaths.contact)).body as JsonSchema;
    expect(body.required).toEqual(["firstName", "lastName", "email", "message", "agreeToPolicy"]);
  });

  it("each lead body has the fields, required ones, lengths and products of the form's rules", async () => {
    for (const [url, rules] of [
      [apiPaths.subscribe, NewsletterSchema],
      [apiPaths.contact, ContactSchema],
      [apiPaths.demo, DemoRequestSchema],
    ] as const) {
      const body = (await schemaOf("POST", url)).body as JsonSchema;
      expectSameRules(body, rules, url);
    }
    const demo = (await schemaOf("POST", apiPaths.demo)).body as JsonSchema;
    expect(demo.properties?.product?.enum).toEqual(DEMO_PRODUCTS);
  });

  it("sends every answer as before: byte for byte, and Fastify's own errors too", async () => {
    const invalid = await postJson(app, apiPaths.contact, { firstName: " ", agreeToPolicy: true });
    expect(invalid.body).toBe(
      JSON.stringify({
        error: "Some fields are missing or invalid",
        fields: {
          firstName: "Enter your first name",
          lastName: "Enter your last name",
          email: "Enter your e-mail address",
          message: "Enter your message",
        },
      }),
    );
    const notJson = await postRaw(app, apiPaths.subscribe, "application/json", "{");
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).toBe(
      `{"error":"Body is not valid JSON but content-type is set to 'application/json'"}`,
    );
    const honeypot = await postJson(app, apiPaths.subscribe, { email: "a@b.gh", website: "x" });
    expect(honeypot.body).toBe(`{"message":"Thank you"}`);
    const badLink = await app.inject({
      method: "POST",
      url: `${apiPaths.oneClickUnsubscribe}?token=%3Cx%3E`,
    });
    expect(badLink.body).toBe(`{"error":"Invalid link"}`);
    expect((await app.inject({ url: apiPaths.ready })).body).toBe(
      `{"status":"ready","database":"up"}`,
    );
  });
});

/**
 * The JSON schema names the zod object's fields, requires those zod refuses to miss, caps each
 * length where zod does, and lists values zod accepts; nested objects (a demo's formData) alike.
 */
function expectSameRules(json: JsonSchema, rules: z.ZodMiniObject, at: string) {
  const shape = rules.shape as Record<string, z.ZodMiniType>;
  const names = Object.keys(shape);
  expect(Object.keys(json.properties ?? {}), at).toEqual(names);
  const required = names.filter((name) => !z.safeParse(shape[name]!, undefined).success);
  expect(json.required, at).toEqual(required);
  for (const name of names) {
    const field = shape[name]!;
    const property = json.properties?.[name] ?? {};
    if (field instanceof z.ZodMiniObject) expectSameRules(property, field, `${at} ${name}`);
    if (property.maxLength !== undefined) {
      const tooLong = "a".repeat(property.maxLength + 1);
      expect(z.safeParse(field, tooLong).success, `${at} ${name}`).toBe(false);
    }
    for (const value of property.enum ?? []) {
      expect(z.safeParse(field, value).success, `${at} ${name}: ${String(value)}`).toBe(true);
    }
  }
}
