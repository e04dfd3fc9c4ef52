import { beforeEach, describe, expect, it } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { MAIL_WIDTH, mediaPath } from "../../../common/media";
import { mediaApi } from "../../../staff-api/media";
import { campaignsApi, welcomeApi } from "../../../staff-api/newsletter";
import { phonePhoto, upload } from "../../media/media.testing";
import { answered, refusedWith } from "../../testing/checks";
import { testDialects } from "../../testing/lead-api";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { UNLABELLED_PICTURE_MESSAGE } from "../markdown/content";
import { allowListViolations, newsletterHtmlOf } from "../markdown/markdown.testing";

// A campaign and the welcome e-mail with a picture of the media library, a table and a phone
// link, through the API: what a subscriber's mail client receives.

describe.each(testDialects)("pictures, tables and phone links in e-mails on $name", ({ url }) => {
  const api = useStaffApi(url);
  beforeEach(async () => {
    await api.db.deleteFrom("media_variants").execute();
    await api.db.deleteFrom("media").execute();
  });

  /** Marketing, and a photo 1200 × 800 upright in the library. */
  async function marketingWithPicture() {
    const marketing = await signedInStaff(api, "akosua@example.com", "marketing");
    // 800 × 1200 as the sensor saw it, turned: 1200 × 800, so 600 × 400 in an e-mail.
    const picture = answered(
      mediaApi.upload,
      await upload(marketing, await phonePhoto(800, 1200)),
      201,
    );
    const markdown = [
      "# Harmattan rates",
      `![Our stand at the Accra trade fair](${picture.url})`,
      "| Plan | Fee |\n| --- | --: |\n| MoMo | 1% |\n| Cards | 2.5% |",
      "Questions? Call [0302 000 000](tel:+233302000000).",
    ].join("\n\n");
    return { marketing, picture, markdown };
  }

  it("sends a campaign's test copy with the picture's absolute address, the table and the phone link", async () => {
    const { marketing, picture, markdown } = await marketingWithPicture();
    const created = await marketing.call(campaignsApi.create, {
      body: { subject: "Harmattan rates", markdown },
    });
    const { id } = answered(campaignsApi.create, created, 201);
    const test = await marketing.call(campaignsApi.test, { params: { id }, body: {} });
    expect(test.statusCode, test.body).toBe(202);
    await api.outbox.runOnce();
    const [mail] = api.transport.sent.filter((sent) => sent.subject.startsWith("[Test]"));
    if (!mail) throw new Error("no test copy sent");

    const address = `${STAFF_SITE}${mediaPath(picture.id, MAIL_WIDTH, "jpeg")}`;
    const html = newsletterHtmlOf(mail.html);
    expect(allowListViolations(html)).toEqual([]);
    expect(html).toContain(
      `<img src="${address}" alt="Our stand at the Accra trade fair" width="600" height="400"`,
    );
    expect(html).toContain('<a href="tel:+233302000000">0302 000 000</a>');
    expect(html).toMatch(/<td align="right" style="border:[^"]+">2.5%<\/td>/);
    // The address the e-mail names is served, as a JPEG of that size.
    const served = await api.app.inject(address.slice(STAFF_SITE.length));
    expect([served.statusCode, served.headers["content-type"]]).toEqual([200, "image/jpeg"]);

    expect(mail.text).toContain(`Our stand at the Accra trade fair (${address})`);
    expect(mail.text).toContain("Plan: MoMo · Fee: 1%\nPlan: Cards · Fee: 2.5%");
    expect(mail.text).toContain("Call 0302 000 000 (+233302000000).");
    expect(mail.text).not.toMatch(/!\[|\]\(|^#|\||\*\*|tel:/m);
  });

  it("previews the welcome e-mail with the picture, as it will be sent", async () => {
    const { marketing, picture, markdown } = await marketingWithPicture();
    const preview = await marketing.call(welcomeApi.preview, {
      body: { subject: "Akwaaba", markdown },
    });
    const { html } = answered(welcomeApi.preview, preview, 200);
    expect(html).toContain(`src="${STAFF_SITE}${mediaPath(picture.id, MAIL_WIDTH, "jpeg")}"`);
    expect(allowListViolations(html)).toEqual([]);
  });

  it("refuses a picture of the library without alt text, saying how to write it", async () => {
    const { marketing, picture } = await marketingWithPicture();
    for (const markdown of [`![](${picture.url})`, `Look: ![ ](${STAFF_SITE}${picture.url})`]) {
      const res = await marketing.call(campaignsApi.create, {
        body: { subject: "Harmattan rates", markdown },
      });
      refusedWith(400, res);
      expect(res.json()).toEqual({ error: `markdown: ${UNLABELLED_PICTURE_MESSAGE}` });
    }
    const welcome = await marketing.call(welcomeApi.save, {
      headers: ANY_VERSION,
      body: { subject: "Akwaaba", markdown: `![](${picture.url})` },
    });
    refusedWith(400, welcome);
  });
});
