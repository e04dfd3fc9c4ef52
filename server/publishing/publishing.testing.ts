/**
 * What publishing's tests share, on useStaffApi (which empties publishing's and the media
 * library's tables before each test): a marketing client, items written through the API, a
 * picture in the library, and an app whose site has built pages.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { SiteFile } from "../static/site-files";
import { testConfig } from "../testing/lead-api";
import { STAFF_SITE, type StaffApi, signedInStaffNamed } from "../testing/staff-api";
import type { CallParts, StaffClient } from "../testing/staff-client";
import { articlesApi, positionsApi } from "../../staff-api/publishing";

/** A member of marketing, signed in, named Akosua Mensah. */
export function marketer(api: StaffApi) {
  return signedInStaffNamed(
    api,
    `akosua-${randomUUID()}@example.com`,
    "marketing",
    "Akosua Mensah",
  );
}

export const ARTICLE = {
  title: "Mobile money for school fees",
  summary: "How schools in Accra collect fees without queues.",
  markdown: "Parents pay from their phones.\n\n## How it works\n\nA reference per pupil.",
};

/** A case study's required fields, a school's. */
export const CASE_STUDY = {
  title: "Adom School collects fees by phone",
  summary: "A school in Kumasi.",
  client: "Adom School",
  sector: "Education",
  challenge: "Queues at the bursar.",
  solution: "Fees by mobile money.",
  results: [{ figure: "40%", label: "fewer queues" }],
};

/** A position that closes in `days` days from `now`. */
export function position(now: Date, days: number) {
  return {
    category: "Engineering",
    title: "Backend engineer",
    location: "Accra",
    workType: "Full-time, on site",
    description: "You build the payment rails.",
    howToApply: "Send your CV to careers@example.com.",
    closesAt: new Date(now.getTime() + days * 86_400_000).toISOString(),
  };
}

/** An article written through the API; its id. */
export async function newArticle(client: StaffClient, body: Partial<typeof ARTICLE> & object = {}) {
  const created = await client.call(articlesApi.create, { body: { ...ARTICLE, ...body } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; slug: string };
}

/** A position written through the API; its id. */
export async function newPosition(client: StaffClient, now: Date, days: number) {
  const created = await client.call(positionsApi.create, { body: position(now, days) });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

/** The If-Match of revision `revision`. */
export const atRevision = (revision: number) => ({ "if-match": `"${revision}"` });

/** A change to article `id` made on revision `revision` (its If-Match); the answer. */
export function changeArticle(
  client: StaffClient,
  id: string,
  revision: number,
  body: CallParts<typeof articlesApi.update>["body"],
) {
  return client.call(articlesApi.update, { params: { id }, body, headers: atRevision(revision) });
}

/** A picture in the media library, stored directly (server/media/ uploads them); its id. */
export async function addPicture(api: StaffApi): Promise<string> {
  const id = randomUUID();
  await api.db
    .insertInto("media")
    .values({
      id,
      name: "fees.jpg",
      width: 1600,
      height: 900,
      sha256: randomUUID(),
      uploaded_by: "akosua@example.com",
      uploaded_at: api.clock.now.toISOString(),
    })
    .execute();
  return id;
}

/** Another app on the tests' database whose site has a built page at each of `paths`. */
export function appWithPages(api: StaffApi, paths: string[]): Promise<FastifyInstance> {
  const page: SiteFile = {
    body: Buffer.from("<!doctype html><title>Page</title>"),
    contentType: "text/html; charset=utf-8",
    etag: '"page"',
    cacheControl: "no-cache",
  };
  return buildApp({
    config: testConfig({ publicUrl: STAFF_SITE, allowedOrigins: [STAFF_SITE] }),
    db: api.db,
    outbox: api.outbox,
    site: { files: new Map(paths.map((path) => [path, page])), notFound: page },
    staff: { limits: null, now: () => api.clock.now, signInAnswerMs: 0, checkAnswers: true },
  });
}
