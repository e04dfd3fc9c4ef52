import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { loadSiteFiles } from "../../static/site-files";
import { writeBuiltSite } from "../../static/site-files.testing";
import {
  postForm,
  postJson,
  testApp,
  testDatabase,
  testDialects,
  useLeadApi,
} from "../../testing/lead-api";
import { apiPaths } from "../../../common/paths";
import { storedSubscription } from "../../testing/records";

// The links of the double opt-in e-mail. Mail security scanners open every link in a message,
// so opening one (GET) must change nothing; the button on the page it opens (a POST to the
// page's own address) does the job. Mail clients' one-click unsubscribe still acts at once.

const SITE = "https://site.test";
/** What mail clients post for RFC 8058's one-click unsubscribe. */
const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";
/** What a browser sends when the button is pressed: the site's own origin, with a form body. */
const BUTTON = { headers: { origin: SITE } };

/** A stand-in for the prerendered build: the two pages with their button, and the 404 page. */
function writeSite() {
  const page = (title: string) =>
    `<!doctype html><html><body><h1>${title}</h1><form method="post"><button type="submit">${title}</button></form></body></html>`;
  const files: Record<string, string> = {
    "newsletter/confirm/index.html": page("Confirm my subscription"),
    "newsletter/unsubscribe/index.html": page("Unsubscribe"),
    "404/index.html": "<!doctype html><html><body>missing page</body></html>",
  };
  return writeBuiltSite(files);
}

describe.each(testDialects)("newsletter links on $name", ({ url }) => {
  let siteDir: string;
  const api = useLeadApi(url, {
    config: { publicUrl: SITE },
    site: async () => {
      siteDir = await writeSite();
      return loadSiteFiles(siteDir);
    },
  });
  afterAll(() => rm(siteDir, { recursive: true, force: true }));

  /** Subscribes `email` and returns the links of the confirmation e-mail it was sent. */
  async function subscribeAndOpenMail(email: string) {
    const res = await postJson(api.app, apiPaths.subscribe, { email });
    expect(res.statusCode).toBe(202);
    await api.outbox.runOnce();
    const message = api.transport.sent.find((m) => m.to === email);
    if (!message) throw new Error(`no confirmation e-mail to ${email}`);
    const link = (pagePath: string) => {
      const found = new RegExp(`${SITE}${pagePath}\\?token=[\\w-]+`).exec(message.text)?.[0];
      if (!found) throw new Error(`no ${pagePath} link in the e-mail`);
      // What the browser asks the server for: path and query string.
      return found.slice(SITE.length);
    };
    return {
      message,
      confirm: link("/newsletter/confirm"),
      unsubscribe: link("/newsletter/unsubscribe"),
    };
  }

  const row = (email: string) => storedSubscription(api, email);

  /** Presses the button on `pageUrl`'s page: where the answer (a 303) sends the browser. */
  const press = async (pageUrl: string, payload = "") => {
    const res = await postForm(api.app, pageUrl, payload, BUTTON);
    expect(res.statusCode, pageUrl).toBe(303);
    return res.headers.location;
  };

  const open = (link: string) => api.app.inject({ method: "GET", url: link });

  it("sends links to the pages with the button, and List-Unsubscribe to the one-click address", async () => {
    const { message, confirm, unsubscribe } = await subscribeAndOpenMail("esi@example.com");
    const { confirm_token, unsubscribe_token } = await row("esi@example.com");
    expect(confirm).toBe(`/newsletter/confirm?token=${confirm_token}`);
    expect(unsubscribe).toBe(`/newsletter/unsubscribe?token=${unsubscribe_token}`);
    expect(message.html).toContain(`href="${SITE}${confirm}"`);
    expect(message.html).toContain(`href="${SITE}${unsubscribe}"`);
    expect(message.headers).toEqual({
      "List-Unsubscribe": `<${SITE}/api/newsletter/unsubscribe?token=${unsubscribe_token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(message.params).toMatchObject({
      confirm_url: `${SITE}${confirm}`,
      unsubscribe_url: `${SITE}${unsubscribe}`,
    });
  });

  it("changes nothing when the links are opened, however often and by whatever route", async () => {
    const { confirm, unsubscribe } = await subscribeAndOpenMail("kojo@example.com");
    const before = await row("kojo@example.com");
    expect(before.status).toBe("pending");

    for (const link of [confirm, unsubscribe]) {
      // The page itself: the prerendered document with the button, nothing else.
      const page = await open(link);
      expect(page.statusCode, link).toBe(200);
      expect(page.body).toContain('<form method="post">');
      expect((await api.app.inject({ method: "HEAD", url: link })).statusCode, link).toBe(200);

      // A link from an e-mail sent before the pages existed leads to the page, same token.
      const old = await open(`/api${link}`);
      expect(old.statusCode, `/api${link}`).toBe(303);
      expect(old.headers.location).toBe(link);
      expect((await api.app.inject({ method: "HEAD", url: `/api${link}` })).statusCode).toBe(303);
    }
    expect(await row("kojo@example.com")).toEqual(before);
  });

  it("confirms when the button is pressed and lands on the confirmation page", async () => {
    const { confirm } = await subscribeAndOpenMail("abena@example.com");
    expect(await press(confirm)).toBe("/newsletter/confirmed");
    const after = await row("abena@example.com");
    expect(after.status).toBe("confirmed");
    expect(after.confirmed_at).not.toBeNull();

    // Pressing again (a double click, the back button) is still a success and changes nothing.
    expect(await press(confirm, "confirm=")).toBe("/newsletter/confirmed");
    expect(await row("abena@example.com")).toEqual(after);
  });

  it("unsubscribes when the button is pressed and lands on the unsubscribed page", async () => {
    const { confirm, unsubscribe } = await subscribeAndOpenMail("yaw@example.com");
    await press(confirm);
    await open(unsubscribe);
    await open(`/api${unsubscribe}`);
    expect((await row("yaw@example.com")).status).toBe("confirmed");

    expect(await press(unsubscribe)).toBe("/newsletter/unsubscribed");
    const after = await row("yaw@example.com");
    expect(after.status).toBe("unsubscribed");
    expect(after.unsubscribed_at).not.toBeNull();
    expect(await press(unsubscribe)).toBe("/newsletter/unsubscribed");
  });

  it("does the job from an old /api link once the button on its page is pressed", async () => {
    const { confirm, unsubscribe } = await subscribeAndOpenMail("akua@example.com");
    const toConfirm = (await open(`/api${confirm}`)).headers.location as string;
    expect(await press(toConfirm)).toBe("/newsletter/confirmed");
    expect((await row("akua@example.com")).status).toBe("confirmed");

    const toUnsubscribe = (await open(`/api${unsubscribe}`)).headers.location as string;
    expect(await press(toUnsubscribe)).toBe("/newsletter/unsubscribed");
    expect((await row("akua@example.com")).status).toBe("unsubscribed");
  });

  it("unsubscribes at once on the one-click POST mail clients send, answering 200", async () => {
    const { message } = await subscribeAndOpenMail("ekow@example.com");
    const oneClick = /^<(.+)>$/.exec(message.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    // Mail clients send neither Origin nor a cookie, only this body.
    const res = await postForm(api.app, oneClick.slice(SITE.length), ONE_CLICK_BODY);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toEqual({ unsubscribed: true });
    expect((await row("ekow@example.com")).status).toBe("unsubscribed");

    const malformed = await postForm(
      api.app,
      "/api/newsletter/unsubscribe?token=%3Cx%3E",
      ONE_CLICK_BODY,
    );
    expect(malformed.statusCode).toBe(400);
  });

  it("does not subscribe again through the confirmation link of a person who unsubscribed", async () => {
    const { confirm, unsubscribe } = await subscribeAndOpenMail("adwoa@example.com");
    await press(confirm);
    await press(unsubscribe);
    expect(await press(confirm)).toBe("/newsletter/link-not-valid");
    expect((await row("adwoa@example.com")).status).toBe("unsubscribed");

    // Nor one who unsubscribed before ever confirming.
    const other = await subscribeAndOpenMail("fiifi@example.com");
    await press(other.unsubscribe);
    expect(await press(other.confirm)).toBe("/newsletter/link-not-valid");
    expect((await row("fiifi@example.com")).status).toBe("unsubscribed");
  });

  it("sends unknown or malformed confirmation tokens to the 'link not valid' page", async () => {
    const { confirm } = await subscribeAndOpenMail("kweku@example.com");
    const before = await row("kweku@example.com");
    const malformed = [
      "",
      "?token=",
      "?token=%3Cx%3E",
      "?token=a%20b",
      `?token=${"a".repeat(101)}`,
      "?token=a&token=b",
    ];
    for (const query of malformed) {
      expect(await press(`/newsletter/confirm${query}`), query).toBe("/newsletter/link-not-valid");
      const old = await open(`/api/newsletter/confirm${query}`);
      expect(old.statusCode, query).toBe(303);
      expect(old.headers.location, query).toBe("/newsletter/link-not-valid");
    }
    // Well-formed but unknown: the page opens, and its button says the link is not valid.
    expect((await open("/api/newsletter/confirm?token=nope")).headers.location).toBe(
      "/newsletter/confirm?token=nope",
    );
    expect(await press("/newsletter/confirm?token=nope")).toBe("/newsletter/link-not-valid");
    // The real token with something appended is another token.
    expect(await press(`${confirm}x`)).toBe("/newsletter/link-not-valid");
    expect(await row("kweku@example.com")).toEqual(before);
  });

  it("answers an unknown unsubscribe token with 'unsubscribed' and a malformed one with 'not valid'", async () => {
    // After `leads -- forget` the row is gone, yet the person's old link must still work.
    expect(await press("/newsletter/unsubscribe?token=forgotten123")).toBe(
      "/newsletter/unsubscribed",
    );
    for (const query of ["", "?token=%3Cx%3E", `?token=${"a".repeat(101)}`]) {
      expect(await press(`/newsletter/unsubscribe${query}`), query).toBe(
        "/newsletter/link-not-valid",
      );
      expect((await open(`/api/newsletter/unsubscribe${query}`)).headers.location, query).toBe(
        "/newsletter/link-not-valid",
      );
    }
  });

  it("ignores whatever form body the button sends, and refuses another site's post", async () => {
    const { confirm, unsubscribe } = await subscribeAndOpenMail("esi.a@example.com");
    const foreign = await postForm(api.app, unsubscribe, "", {
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    const bodyless = await api.app.inject({
      method: "POST",
      url: confirm,
      headers: { origin: SITE },
    });
    expect(bodyless.headers.location).toBe("/newsletter/confirmed");
    expect(await press(unsubscribe, ONE_CLICK_BODY)).toBe("/newsletter/unsubscribed");
    expect((await row("esi.a@example.com")).status).toBe("unsubscribed");
  });
});

describe("newsletter links without a database", () => {
  it("send the person to 'try again later' (the one-click POST gets 503)", async () => {
    const db = await testDatabase();
    const app = await testApp(db);
    await db.destroy();
    for (const link of ["/newsletter/confirm?token=abc", "/newsletter/unsubscribe?token=abc"]) {
      const res = await postForm(app, link, "", BUTTON);
      expect(res.statusCode, link).toBe(303);
      expect(res.headers.location, link).toBe("/newsletter/try-again-later");
    }
    const oneClick = await postForm(app, "/api/newsletter/unsubscribe?token=abc", ONE_CLICK_BODY);
    expect(oneClick.statusCode).toBe(503);
    // Opening a link needs no database: it only shows the page.
    expect((await app.inject({ url: "/api/newsletter/confirm?token=abc" })).headers.location).toBe(
      "/newsletter/confirm?token=abc",
    );
    await app.close();
  });
});
