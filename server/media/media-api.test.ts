import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAIL_WIDTH, MAX_UPLOAD_BYTES, PAGE_WIDTHS, mediaPath } from "../../common/media";
import * as media from "../../staff-api/media";
import { campaignsApi } from "../../staff-api/newsletter";
import { testDialects } from "../testing/lead-api";
import { answered, expectAccess, refusedWith } from "../testing/checks";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import * as samples from "./media.testing";

// The media library through the API: what an upload may be, the sizes made of it, and how the
// public address serves them, on each database (the bytes go through SQLite's blob and
// PostgreSQL's bytea).

/** The formats every page size is served in: AVIF, and WebP for browsers without it. */
const PAGE_FORMATS = ["avif", "webp"] as const;

describe.each(testDialects)("the media library on $name", ({ url }) => {
  const api = useStaffApi(url);

  const marketing = () => signedInStaff(api, "efua@example.com", "marketing");
  const uploaded = async (bytes: Buffer, filename?: string, type?: string) => {
    const res = await samples.upload(await marketing(), bytes, filename, type);
    return answered(media.mediaApi.upload, res, 201);
  };

  it("stores a phone's JPEG upright in every size, and serves each for a year", async () => {
    // 1600 × 1000 as the sensor saw it, orientation 6: 1000 × 1600 once upright.
    const item = await uploaded(await samples.phonePhoto(1600, 1000), "Office opening.jpg");
    expect(item).toMatchObject({ width: 1000, height: 1600, name: "Office opening.jpg" });
    expect(item.url).toBe(mediaPath(item.id, 960, "webp"));
    expect(item.uploadedBy).toBe("efua@example.com");

    for (const width of PAGE_WIDTHS) {
      for (const format of PAGE_FORMATS) {
        const res = await api.app.inject(mediaPath(item.id, width, format));
        expect(res.statusCode, `${width}.${format}`).toBe(200);
        expect(res.headers["content-type"]).toBe(`image/${format}`);
        expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        // Webmail on another site shows it; the site's pages stay same-origin.
        expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
        const served = await sharp(res.rawPayload).metadata();
        // Never enlarged: the 1440 size of a picture 1000 wide is 1000 wide.
        expect([served.format, served.width, served.height]).toEqual([
          format === "avif" ? "heif" : format,
          Math.min(width, 1000),
          Math.round((Math.min(width, 1000) * 1600) / 1000),
        ]);
      }
    }
    const mail = await api.app.inject(mediaPath(item.id, MAIL_WIDTH, "jpeg"));
    expect(mail.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(mail.rawPayload).metadata()).width).toBe(MAIL_WIDTH);
  });

  it("serves no metadata: neither the camera nor the place the photo was taken", async () => {
    const photo = await samples.phonePhoto(800, 600);
    expect((await sharp(photo).metadata()).exif?.includes("AkwaabaCam")).toBe(true);
    const item = await uploaded(photo);
    for (const address of [
      ...PAGE_WIDTHS.flatMap((width) =>
        PAGE_FORMATS.map((format) => mediaPath(item.id, width, format)),
      ),
      mediaPath(item.id, MAIL_WIDTH, "jpeg"),
    ]) {
      const res = await api.app.inject(address);
      const served = await sharp(res.rawPayload).metadata();
      expect([served.exif, served.icc, served.xmp, served.orientation], address).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(res.rawPayload.includes("AkwaabaCam"), address).toBe(false);
    }
  });

  it("takes PNG and WebP; the mail size of a transparent PNG is on white", async () => {
    const png = await uploaded(await samples.transparentPng(300, 200), "logo.png", "image/png");
    expect([png.width, png.height]).toEqual([300, 200]);
    const mail = await api.app.inject(mediaPath(png.id, MAIL_WIDTH, "jpeg"));
    const { data, info } = await sharp(mail.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([300, 200, 3]);
    expect([...data.subarray(0, 3)].every((channel) => channel > 250)).toBe(true);

    api.advance(60_000);
    const webp = await uploaded(await samples.webpPicture(500, 400), "banner.webp", "image/webp");
    expect([webp.width, webp.height]).toEqual([500, 400]);
    const list = answered(
      media.mediaApi.list,
      await (await marketing()).call(media.mediaApi.list),
      200,
    );
    expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining([webp.id, png.id]));
    expect(list.items.findIndex((item) => item.id === webp.id)).toBeLessThan(
      list.items.findIndex((item) => item.id === png.id),
    );
  });

  it("keeps the same file once: uploaded again, it is the same picture", async () => {
    const photo = await samples.phonePhoto(400, 300);
    const first = await uploaded(photo, "a.jpg");
    const again = await uploaded(photo, "copy of a.jpg");
    expect(again).toEqual(first);
  });

  it("refuses what is no JPEG, PNG or WebP by its bytes, whatever its name says", async () => {
    const client = await marketing();
    for (const [bytes, filename, type] of [
      [samples.PDF, "brochure.png", "image/png"],
      [samples.SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml"],
      [await samples.gifPicture(), "animation.gif", "image/gif"],
      [(await samples.phonePhoto(200, 200)).subarray(0, 300), "cut-off.jpg", "image/jpeg"],
    ] as const) {
      const res = await samples.upload(client, bytes, filename, type);
      refusedWith(400, res);
      expect(res.json(), filename).toEqual({ error: media.NOT_A_PICTURE });
    }
    expect((await client.call(media.mediaApi.list)).json()).toEqual({ items: [] });
  });

  it("refuses a picture of more than 50 megapixels before decoding it", async () => {
    // A PNG of one colour: a few kilobytes that would decode to 200 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 5_001, channels: 3, background: "#fff" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await samples.upload(await marketing(), bomb, "huge.png", "image/png");
    refusedWith(400, res);
    expect(res.json()).toEqual({ error: media.TOO_MANY_PIXELS });
  });

  it("refuses a file over 10 MB (413), another body (415) and a form without `file` (400)", async () => {
    const client = await marketing();
    const big = Buffer.concat([await samples.phonePhoto(64, 64), Buffer.alloc(12 * 1024 * 1024)]);
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const tooLarge = await samples.upload(client, big);
    refusedWith(413, tooLarge);
    expect(tooLarge.json()).toEqual({ error: media.TOO_LARGE });

    refusedWith(415, await client.send("POST", media.mediaApi.upload.path, { file: "x" }));
    const photo = await samples.phonePhoto(32, 32);
    refusedWith(415, await client.raw("POST", media.mediaApi.upload.path, { body: photo }));
    const wrongPart = samples.multipart([{ name: "picture", filename: "a.jpg", bytes: photo }]);
    const noFile = await client.raw("POST", media.mediaApi.upload.path, wrongPart);
    refusedWith(400, noFile);
    expect(noFile.json()).toEqual({ error: media.NO_FILE });
    const empty = samples.multipart([]);
    refusedWith(400, await client.raw("POST", media.mediaApi.upload.path, empty));
    const broken = {
      contentType: "multipart/form-data; boundary=x",
      body: "--x\r\nnonsense",
    };
    refusedWith(400, await client.raw("POST", media.mediaApi.upload.path, broken));
    // Every other staff write still takes JSON alone.
    const toCampaigns = samples.multipart([{ name: "file", filename: "a.jpg", bytes: photo }]);
    refusedWith(415, await client.raw("POST", campaignsApi.create.path, toCampaigns));
  });

  it("lets marketing and admins in, not sales", async () => {
    const staff = {
      sales: await signedInStaff(api, "kojo@example.com", "sales"),
      marketing: await signedInStaff(api, "abena@example.com", "marketing"),
      admin: await signedInStaff(api, "yaw@example.com", "admin"),
    };
    await expectAccess(api, staff, [media.mediaApi.list], {
      allowed: ["marketing", "admin"],
      ok: 200,
    });
    const photo = await samples.phonePhoto(64, 64);
    refusedWith(403, await samples.upload(staff.sales, photo));
    answered(media.mediaApi.upload, await samples.upload(staff.admin, photo), 201);
  });

  it("answers 404 to any other address under /media/, and 304 to a client that has it", async () => {
    const item = await uploaded(await samples.phonePhoto(100, 100));
    const address = mediaPath(item.id, 480, "webp");
    const first = await api.app.inject(address);
    const again = await api.app.inject({
      url: address,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect([first.headers.etag, again.statusCode]).toEqual([expect.stringMatching(/^"/), 304]);
    for (const junk of [
      mediaPath(item.id, 961, "webp"),
      mediaPath(item.id, 961, "avif"),
      mediaPath(item.id, 480, "jpeg"),
      `/media/${item.id}/480.png`,
      `/media/${item.id.toUpperCase()}/480.webp`,
      "/media/00000000-0000-4000-8000-000000000000/960.webp",
      "/media/..%2f..%2fetc/passwd",
      "/media/x/99999999999999999999.webp",
      `/media/${item.id}/%00.webp`,
      "/media/",
    ]) {
      const res = await api.app.inject(junk);
      expect(res.statusCode, junk).toBe(404);
    }
  });

  it("makes the AVIF sizes of a picture stored before AVIF was one, when first asked, once", async () => {
    const item = await uploaded(await samples.phonePhoto(900, 600));
    await api.db.deleteFrom("media_variants").where("format", "=", "avif").execute();
    const address = mediaPath(item.id, 720, "avif");
    const made = await api.app.inject(address);
    expect([made.statusCode, made.headers["content-type"]]).toEqual([200, "image/avif"]);
    expect((await sharp(made.rawPayload).metadata()).width).toBe(Math.min(720, item.width));
    const kept = await api.db
      .selectFrom("media_variants")
      .select("format")
      .where("media_id", "=", item.id)
      .where("format", "=", "avif")
      .execute();
    expect(kept).toHaveLength(1);
    expect((await api.app.inject(address)).rawPayload.equals(made.rawPayload)).toBe(true);
  });
});
