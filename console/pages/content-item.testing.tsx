// The editor of published content under a router, the staff API stubbed: shared by its tests.
import { vi } from "vitest";
import type { TeamMember } from "../../staff-api/admin";
import type { ArticleFields } from "../../staff-api/publishing";
import { ContentItemPage } from "./content-item";
import { renderConsolePage } from "./page.testing";

export const TEAM: TeamMember[] = [
  { email: "ama@example.com", name: "Ama Owusu", role: "marketing", disabled: false },
  { email: "esi@example.com", name: "Esi Boateng", role: "admin", disabled: false },
];

export const FIELDS: ArticleFields = {
  title: "Mobile money in 2027",
  summary: "What changes for merchants.",
  markdown: "## Fees\n\nLower.",
  slug: "mobile-money-2027",
  tags: ["payments"],
  author: "Ama Owusu",
  coverImage: null,
  coverAlt: "",
};

export const ITEM = {
  id: "a1",
  kind: "article" as const,
  status: "draft" as const,
  revision: 3,
  publishedRevision: null,
  publishAt: null,
  publishedAt: null,
  closed: false,
  publicPath: "/insights/mobile-money-2027",
  previewPath: "/staff/preview/article/a1",
  createdAt: "2026-12-01T09:00:00.000Z",
  updatedAt: "2026-12-05T10:00:00.000Z",
  updatedBy: "ama@example.com",
  fields: FIELDS,
};
export type Item = typeof ITEM;

/** One request the page sent: its method, path, If-Match and JSON body. */
export interface Sent {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

/** What the stub answers: by "METHOD /path", a response (made anew for each request). */
export type Answers = Record<string, () => Response>;

export const json = (body: unknown, status = 200, etag?: string) =>
  Response.json(body, { status, headers: etag ? { etag } : {} });

/**
 * The editor of the article `item` at version "3" (or a new one without), with the revisions
 * answered from `revisions`; returns what it sent.
 */
export function renderEditor(
  answers: Answers,
  { item = ITEM as Item | null, revisions = [] as unknown[] } = {},
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = new URL(url, "http://console.test").pathname;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? null);
      sent.push({ method, path, ifMatch: new Headers(init.headers).get("if-match"), body });
      const answer = answers[`${method} ${path}`];
      if (answer) return answer();
      if (path.endsWith("/revisions")) return json({ items: revisions });
      return json({ error: "No such item" }, 404);
    }),
  );
  renderConsolePage({
    path: "/site/articles/:id",
    at: `/site/articles/${item ? item.id : "new"}`,
    Component: ContentItemPage,
    data: {
      kind: "article" as const,
      loaded: item ? { value: item, version: '"3"' } : null,
      team: TEAM,
      library: [],
    },
    otherRoutes: [{ path: "/site/articles", Component: () => <p>The list</p> }],
  });
  return sent;
}

/** The requests that changed something (not the reads). */
export const writes = (sent: Sent[]) => sent.filter((request) => request.method !== "GET");
