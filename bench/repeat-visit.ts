import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, type Page, type Request, chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../scripts/chromium";

/** One request of a page load that went to the network (not served from the browser's cache). */
export interface Transfer {
  url: string;
  resourceType: string;
  /** As on the wire: 304 for a revalidated page (Playwright reports the cached 200). */
  status: number;
  /** Response headers + body as they came over the wire (compressed). */
  bytes: number;
}

export interface Visit {
  bytes: number;
  transfers: Transfer[];
  /** Requests the browser answered from its cache. */
  fromCache: number;
}

export interface RepeatVisitResult {
  url: string;
  first: Visit;
  second: Visit;
  /** True when the second visit fetched nothing but the HTML document. */
  secondOnlyHtml: boolean;
  /** Requests Chromium marked render-blocking on the first visit (besides the document). */
  renderBlocking: { url: string; sameOrigin: boolean }[];
  crossOriginRenderBlocking: boolean;
  /** Every request of the first visit that went to another origin. */
  crossOriginRequests: string[];
}

/**
 * Loads the page, waits until the network is quiet, and returns what went over the network.
 * Lighthouse always starts with an empty cache, so a returning visitor is measured here: the
 * CDP `requestServedFromCache` / `fromDiskCache` flags tell cache hits apart, and Playwright's
 * `request.sizes()` gives the bytes of the rest.
 */
async function visit(context: BrowserContext, url: string): Promise<{ page: Page; visit: Visit }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const cachedUrls = new Set<string>();
  const cachedIds = new Set<string>();
  const urlOf = new Map<string, string>();
  const wireStatus = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request }) =>
    urlOf.set(requestId, request.url),
  );
  cdp.on("Network.responseReceivedExtraInfo", ({ requestId, statusCode }) => {
    const requestUrl = urlOf.get(requestId);
    if (requestUrl) wireStatus.set(requestUrl, statusCode);
  });
  cdp.on("Network.requestServedFromCache", ({ requestId }) => cachedIds.add(requestId));
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (
      cachedIds.has(requestId) ||
      response.fromDiskCache ||
      response.fromPrefetchCache ||
      response.fromServiceWorker
    ) {
      cachedUrls.add(response.url);
    }
  });
  await cdp.send("Network.enable");

  const finished: Request[] = [];
  page.on("requestfinished", (request) => finished.push(request));
  await page.goto(url, { waitUntil: "networkidle" });

  const transfers: Transfer[] = [];
  let fromCache = 0;
  for (const request of finished) {
    if (request.url().startsWith("data:") || cachedUrls.has(request.url())) {
      fromCache++;
      continue;
    }
    const response = await request.response();
    const sizes = await request.sizes();
    transfers.push({
      url: request.url(),
      resourceType: request.resourceType(),
      status: wireStatus.get(request.url()) ?? response?.status() ?? 0,
      bytes: sizes.responseHeadersSize + sizes.responseBodySize,
    });
  }
  await cdp.detach();
  const bytes = transfers.reduce((sum, t) => sum + t.bytes, 0);
  return { page, visit: { bytes, transfers, fromCache } };
}

/** Chromium's own verdict (PerformanceResourceTiming.renderBlockingStatus) for each resource. */
async function renderBlockingResources(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming & { renderBlockingStatus?: string })
            .renderBlockingStatus === "blocking",
      )
      .map((entry) => entry.name),
  );
}

/**
 * A first and a second visit of `url` in one persistent browser profile (real disk cache), the
 * second in a new tab as a returning visitor would. Also reports render-blocking requests.
 */
export async function repeatVisit(url: string, chromePath: string): Promise<RepeatVisitResult> {
  const profile = await mkdtemp(path.join(os.tmpdir(), "bench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const origin = new URL(url).origin;
    const first = await visit(context, url);
    const blocking = await renderBlockingResources(first.page);
    await first.page.close();
    const second = await visit(context, url);
    await second.page.close();

    const renderBlocking = blocking.map((u) => ({
      url: u,
      sameOrigin: new URL(u).origin === origin,
    }));
    return {
      url,
      first: first.visit,
      second: second.visit,
      secondOnlyHtml:
        second.visit.transfers.length > 0 &&
        second.visit.transfers.every((t) => t.resourceType === "document"),
      renderBlocking,
      crossOriginRenderBlocking: renderBlocking.some((r) => !r.sameOrigin),
      crossOriginRequests: first.visit.transfers
        .map((t) => t.url)
        .filter((u) => !u.startsWith("data:") && new URL(u).origin !== origin),
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
