import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consolePreviewPath } from "../../common/paths";
import { NOTHING_PUBLISHED, type PublishedContent } from "../../common/published";
import type { StaffRole } from "../../staff-api/roles";
import { buildApp } from "../app";
import type { DB } from "../db/database";
import { testDatabase } from "../db/testing/databases";
import { testConfig, testOutbox } from "../testing/lead-api";
import { addAccount } from "../staff/accounts/accounts";
import { createSession } from "../staff/sign-in/sessions";
import { sessionCookie } from "../staff/sign-in/cookie";
import type { PageRenderer } from "./page-renderer";

// A draft's preview (GET /staff/preview/<kind>/<id>) for the console's frame.

const DRAFT_ID = "3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const draft: PublishedContent = {
  ...NOTHING_PUBLISHED,
  positions: [
    {
      slug: "backend-engineer",
      category: "Engineering",
      title: "Backend Engineer",
      location: "Accra",
      workType: "Full-time",
      description: "Build our APIs.",
      howToApply: "Write to us.",
      closesAt: "2026-12-31T17:00:00.000Z",
      publishedAt: "2026-12-07T10:00:00.000Z",
      updatedAt: "2026-12-07T10:00:00.000Z",
    },
  ],
};

const pages: PageRenderer = {
  refusedForm: () => Promise.reject(new Error("not in these tests")),
  published: {
    paths: () => ({ items: [], lists: [] }),
    async render(path, content, { preview = false } = {}) {
      const titles = content.positions.map((item) => item.title).join(", ");
      return {
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: `<!DOCTYPE html><title>${titles}</title><meta name="robots" content="${preview ? "noindex" : "index"}"><p>${path}</p>`,
        csp: `default-src 'self'; frame-ancestors ${preview ? "'self'" : "'none'"}`,
      };
    },
  },
};

describe("a draft's preview", () => {
  let db: DB;
  let app: FastifyInstance;
  const cookies: Partial<Record<StaffRole, string>> = {};

  beforeAll(async () => {
    db = await testDatabase();
    app = await buildApp({
      config: testConfig(),
      db,
      outbox: testOutbox(db),
      pages,
      published: {
        loadPreview: async (kind, id) =>
          kind === "position" && id === DRAFT_ID
            ? { content: draft, path: "/careers/backend-engineer" }
            : null,
      },
    });
    for (const role of ["marketing", "sales", "admin"] as const) {
      const { account } = await addAccount(
        db,
        { email: `${role}@akwaabapay.com.gh`, role },
        { via: "test" },
      );
      const { secret } = await createSession(db, account.id, new Date());
      cookies[role] = `${sessionCookie(testConfig().publicUrl).name}=${secret}`;
    }
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  const get = (url: string, role?: StaffRole) =>
    app.inject({ url, headers: role ? { cookie: cookies[role] ?? "" } : {} });

  it("shows marketing the page as it will look, framed by the console only, kept by no one", async () => {
    for (const role of ["marketing", "admin"] as const) {
      const res = await get(consolePreviewPath("position", DRAFT_ID), role);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("<title>Backend Engineer</title>");
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).toContain("/careers/backend-engineer");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("answers a signed-out visitor 401 with a page to sign in again, in the whole window", async () => {
    const res = await get(consolePreviewPath("position", DRAFT_ID));
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatch(/<a href="\/staff\/sign-in\?next=[^"]+" target="_top">Sign in<\/a>/);
    expect(res.body).not.toContain("Backend Engineer");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("answers another role 403", async () => {
    const res = await get(consolePreviewPath("position", DRAFT_ID), "sales");
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("Your role does not allow");
    expect(res.body).not.toContain("Backend Engineer");
  });

  it("answers 404 for an unknown item or kind", async () => {
    expect((await get(consolePreviewPath("article", DRAFT_ID), "marketing")).statusCode).toBe(404);
    expect((await get(consolePreviewPath("position", "no-such-id"), "marketing")).statusCode).toBe(
      404,
    );
    expect((await get("/staff/preview/page/1", "marketing")).statusCode).toBe(404);
  });
});
