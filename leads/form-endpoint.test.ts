import { expect, it } from "vitest";
import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { ContactSchema, contactEndpoint } from "./contact";
import { DemoRequestSchema, demoEndpoint } from "./demo";
import { NewsletterSchema, subscribeEndpoint } from "./newsletter";
import { sentStatusOf } from "./form-endpoint";

it("defines each public form's endpoint: its address, its rules and its answers", () => {
  const forms = [
    [subscribeEndpoint, apiPaths.subscribe, NewsletterSchema, 202],
    [contactEndpoint, apiPaths.contact, ContactSchema, 201],
    [demoEndpoint, apiPaths.demo, DemoRequestSchema, 201],
  ] as const;
  for (const [endpoint, path, schema, sent] of forms) {
    expect(`${endpoint.method} ${endpoint.path}`).toBe(`POST ${path}`);
    expect(endpoint.body).toBe(schema);
    expect(sentStatusOf(endpoint)).toBe(sent);
    expect(Object.keys(endpoint.answers).map(Number).toSorted()).toEqual([sent, 400, 422, 503]);
    const refused = { error: "Some fields are missing or invalid", fields: { email: "Required" } };
    expect(z.safeParse(endpoint.answers[400], refused).success).toBe(true);
  }
});
