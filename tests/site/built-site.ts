/** The built site (build/client) as the server answers it, and its HTML as a document. */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll } from "vitest";
import { site as siteFacts } from "../../common/site";
import { buildApp } from "../../server/app";
import { loadSiteFiles } from "../../server/static/site-files";
import { testConfig } from "../../server/testing/lead-api";

export const BUILD_DIR = fileURLToPath(new URL("../../build/client", import.meta.url));
/** Where the tests pretend the site is served: links are resolved against it. */
export const ORIGIN = "http://site.test";

function assertBuilt() {
  if (!existsSync(path.join(BUILD_DIR, "index.html"))) {
    throw new Error(`No built site in ${BUILD_DIR}: run npm run build first.`);
  }
}

/**
 * The server as `npm start` runs it on the built site, for the tests of one file: its answers
 * come from `get`. The innovation hub may frame the forms provider, as server/main.ts allows.
 */
export function useBuiltSite() {
  let app: FastifyInstance | undefined;
  const answers = new Map<string, Promise<LightMyRequestResponse>>();
  const documents = new Map<
    string,
    Promise<{ answer: LightMyRequestResponse; document: Document }>
  >();
  beforeAll(async () => {
    assertBuilt();
    const site = await loadSiteFiles(BUILD_DIR, {
      frameOrigins: [new URL(siteFacts.innovationHubFormUrl).origin],
    });
    app = await buildApp({ config: testConfig({ siteDir: BUILD_DIR }), site });
  });
  afterAll(() => app?.close());

  /** The server's answer to a GET, followed by no redirect; each URL asked once per file. */
  function get(url: string, headers: Record<string, string> = {}) {
    const key = `${url} ${JSON.stringify(headers)}`;
    let answer = answers.get(key);
    if (!answer) {
      if (!app) throw new Error("useBuiltSite(): the server is not up yet");
      answer = app.inject({ method: "GET", url, headers });
      answers.set(key, answer);
    }
    return answer;
  }

  /** The page at `url` as a parsed document (status 200 required), with its answer; once per file. */
  function page(url: string) {
    let parsed = documents.get(url);
    if (!parsed) {
      parsed = get(url).then((answer) => {
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
        return { answer, document: htmlDocument(answer.body, url) };
      });
      documents.set(url, parsed);
    }
    return parsed;
  }

  return { get, page };
}

/** HTML parsed as a browser would before any script runs: nothing runs, nothing loads. */
export function htmlDocument(html: string, url = "/"): Document {
  return new JSDOM(html, { url: new URL(url, ORIGIN).href }).window.document;
}

/** An XML document (the Atom feed); a parse error is thrown. */
export function xmlDocument(xml: string): Document {
  return new JSDOM(xml, { contentType: "application/xml" }).window.document;
}

/** Text with its runs of white space squashed to one space, as a reader sees it. */
export const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The `content` of the head's first element that matches `selector`. */
export const metaContent = (document: Document, selector: string) =>
  document.head.querySelector(selector)?.getAttribute("content") ?? null;

/** An element's accessible name as far as the site's markup uses it: its label, else its text. */
export function accessibleName(element: Element): string {
  const label = element.getAttribute("aria-label");
  if (label) return squash(label);
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    const document = element.ownerDocument;
    return squash(
      labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent)
        .join(" "),
    );
  }
  return squash(element.textContent);
}

const matches = (text: string, name: string | RegExp) =>
  typeof name === "string" ? text === name : name.test(text);

/** The elements under `root` that match `selector` and whose accessible name is `name`. */
export function named(root: ParentNode, selector: string, name: string | RegExp): Element[] {
  return Array.from(root.querySelectorAll(selector)).filter((element) =>
    matches(accessibleName(element), name),
  );
}

/** The one element under `root` that matches `selector` and is named `name`; else it throws. */
export function theOne(root: ParentNode, selector: string, name: string | RegExp): Element {
  const found = named(root, selector, name);
  if (found.length !== 1) {
    throw new Error(`${found.length} elements ${selector} named ${String(name)}, expected one`);
  }
  return found[0]!;
}
