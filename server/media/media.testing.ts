/**
 * For tests: pictures made with sharp (a photo with its camera's and place's metadata, a
 * transparent PNG, files that are no picture) and an upload as the console sends it.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { mediaApi } from "../../staff-api/media";
import type { StaffClient } from "../testing/staff-client";

/** The camera and place a phone writes into a photo: nothing of them may be served. */
export const CAMERA = "AkwaabaCam";
export const GPS_LATITUDE = "5/1 33/1 36/1";

/**
 * A JPEG of `width` × `height` as a phone takes it: EXIF with its make and GPS position, and an
 * orientation of 6 (the sensor's picture is to be turned a quarter clockwise to stand upright).
 * Noise, so that each one is a different file (the library keeps one of identical files).
 */
export async function phonePhoto(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: CAMERA, Model: "Pocket 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: GPS_LATITUDE },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG half transparent, of a single red. */
export function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
}

export function webpPicture(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .webp()
    .toBuffer();
}

export function gifPicture(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
    .gif()
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");

/** One multipart/form-data part. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body of `parts`, and its content type with the boundary. */
export function multipart(parts: readonly Part[]): { contentType: string; body: Buffer } {
  const boundary = `----akwaaba${randomBytes(8).toString("hex")}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? "" : `; filename="${part.filename}"`) +
        `\r\nContent-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from("\r\n"),
  ]);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

/** Uploads `bytes` as the console does: one part `file`, named and typed as the browser says. */
export function upload(
  client: StaffClient,
  bytes: Buffer,
  filename = "photo.jpg",
  type = "image/jpeg",
) {
  const { contentType, body } = multipart([{ name: "file", filename, type, bytes }]);
  return client.raw("POST", mediaApi.upload.path, { contentType, body });
}
