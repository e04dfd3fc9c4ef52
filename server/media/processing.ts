/**
 * An uploaded picture made into the sizes the site and the e-mails ask for (common/media.ts),
 * once, at upload. The type is read from the bytes, never from the name or the declared type: a
 * PDF renamed .png or an SVG (which can carry a script) is refused before the image library
 * decodes it, and the library's own reading of the format must agree. Every size is encoded
 * anew, so nothing of the original's metadata (the place it was taken, the camera) survives:
 * sharp writes none unless asked.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { MAIL_WIDTH, type MediaFormat, PAGE_FORMATS, PAGE_WIDTHS } from "../../common/media";

/**
 * The most pixels a picture may have: a 50-megapixel camera's. A small file can declare a huge
 * canvas (a decompression bomb) that would take gigabytes to decode; the header says the size
 * before anything is decoded, and libvips refuses past it too.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** What an upload that is no JPEG, PNG or WebP (by its bytes), or that cannot be decoded, is. */
export class NotAPicture extends Error {}
/** What an upload of more than MAX_INPUT_PIXELS is. */
export class TooManyPixels extends Error {}

/** One stored size: the width asked for (its address), the bytes, and their real size. */
export interface Variant {
  width: number;
  format: MediaFormat;
  /** The encoded picture's own width: the asked width, or less for a narrower original. */
  realWidth: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPicture {
  /** The SHA-256 of the uploaded bytes, hex: the same file uploaded again is the same picture. */
  sha256: string;
  /** The original's size once turned upright. */
  width: number;
  height: number;
  variants: Variant[];
}

/** The formats taken, by their first bytes: JPEG, PNG, and WebP's RIFF container. */
function sniffedFormat(bytes: Buffer): "jpeg" | "png" | "webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && PNG.every((byte, i) => bytes[i] === byte)) return "png";
  const riff = bytes.subarray(0, 4).toString("latin1");
  if (
    bytes.length >= 12 &&
    riff === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

/**
 * Quality of each format: no visible loss on a photo. AVIF's 50 looks as WebP's 80 does; its
 * effort 2 (of 0–9) encodes a 1440 px photograph in a third of a second where the default 4
 * takes a second and a half for 3–8 % fewer bytes, and an upload is made into every size while
 * its uploader waits.
 */
const AVIF_QUALITY = 50;
const AVIF_EFFORT = 2;
const WEBP_QUALITY = 80;
const JPEG_QUALITY = 82;

/** A resized picture in `format` (a JPEG on white: a mail client shows transparency black). */
function encoded(picture: sharp.Sharp, format: MediaFormat): sharp.Sharp {
  switch (format) {
    case "avif":
      return picture.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT });
    case "webp":
      return picture.webp({ quality: WEBP_QUALITY });
    case "jpeg":
      return picture
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
  }
}

/**
 * The picture in every size: each of PAGE_FORMATS at each of PAGE_WIDTHS and JPEG at MAIL_WIDTH,
 * turned upright by its EXIF orientation, never enlarged. Throws NotAPicture or TooManyPixels
 * for the uploader's file; anything else is ours.
 */
export async function processPicture(bytes: Buffer): Promise<ProcessedPicture> {
  const sniffed = sniffedFormat(bytes);
  if (!sniffed) throw new NotAPicture();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  // The header alone, read without the pixel limit (nothing is decoded), to tell a picture too
  // large apart from a file that is none.
  const metadata = await sharp(bytes, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new NotAPicture();
    });
  if (metadata.format !== sniffed) throw new NotAPicture();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new NotAPicture();
  if (width * height > MAX_INPUT_PIXELS) throw new TooManyPixels();

  const upright = sharp(bytes, options).rotate();
  const sizes: { width: number; format: MediaFormat }[] = [
    ...PAGE_WIDTHS.flatMap((pageWidth) =>
      PAGE_FORMATS.map((format) => ({ width: pageWidth, format })),
    ),
    { width: MAIL_WIDTH, format: "jpeg" },
  ];
  try {
    const variants: Variant[] = [];
    // One after the other: each size holds the decoded picture in memory while it is made.
    for (const size of sizes) {
      const resized = upright.clone().resize({ width: size.width, withoutEnlargement: true });
      const { data, info } = await encoded(resized, size.format).toBuffer({
        resolveWithObject: true,
      });
      variants.push({ ...size, realWidth: info.width, height: info.height, bytes: data });
    }
    return { sha256: createHash("sha256").update(bytes).digest("hex"), width, height, variants };
  } catch {
    // The header read well but the rest cannot be decoded (a truncated or corrupt file).
    throw new NotAPicture();
  }
}

/**
 * One stored size encoded anew in another format at the same size: how a picture uploaded
 * before AVIF was one of PAGE_FORMATS gets its AVIF sizes, from its WebP ones, when first asked.
 */
export async function reencoded(
  stored: Buffer,
  format: MediaFormat,
): Promise<{ bytes: Buffer; height: number }> {
  const { data, info } = await encoded(sharp(stored), format).toBuffer({ resolveWithObject: true });
  return { bytes: data, height: info.height };
}
