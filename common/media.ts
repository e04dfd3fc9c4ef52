/**
 * The media library's addresses, written once: the server stores each uploaded picture in these
 * sizes (server/media/), the site asks for them in `srcset` (app/), the e-mails point at the
 * mail size by its absolute address. Every address is immutable: a picture never changes under
 * its id, so it is cached for a year.
 */

/**
 * The widths a page may ask for, in each of PAGE_FORMATS; a picture narrower than one is stored
 * at its own width.
 * 720: a phone's full-width picture (412 CSS pixels at 1.75 device pixels each) finds a file
 * of its size instead of the 960 one, which made a published article's LCP over a second.
 */
export const PAGE_WIDTHS = [480, 720, 960, 1440] as const;
/** The size the console lists and pastes: a desktop text column's worth. */
export const LISTED_WIDTH = 960;
/** The one width e-mails use, in JPEG: every mail client shows JPEG; 600 px is a mail's column. */
export const MAIL_WIDTH = 600;

/**
 * The formats of the page sizes, the browser's first choice first: AVIF, about 45 % fewer bytes
 * than WebP for the same look on a photograph (a phone's cover: 12 KB instead of 24); WebP for
 * a browser without AVIF (a `<picture>`'s second source). E-mails take JPEG (MAIL_WIDTH).
 */
export const PAGE_FORMATS = ["avif", "webp"] as const;

export type MediaFormat = (typeof PAGE_FORMATS)[number] | "jpeg";

/** Each format's file extension, as its address ends. */
export const MEDIA_EXTENSIONS: Record<MediaFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};

/** The file types an upload may be (checked on the bytes, not the name). */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The largest upload, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Where the media library's pictures are served. */
export const MEDIA_PREFIX = "/media";

/** One size of a picture: `/media/<id>/720.avif`, `/media/<id>/960.webp`, `/media/<id>/600.jpg`. */
export function mediaPath(id: string, width: number, format: MediaFormat): string {
  return `${MEDIA_PREFIX}/${id}/${width}.${MEDIA_EXTENSIONS[format]}`;
}

/**
 * The id of the picture an address of the library names, whatever its size, or null: how a
 * Markdown image `![alt](/media/<id>/960.webp)` (or the absolute address) is recognised as ours.
 */
export function mediaIdOf(address: string): string | null {
  const match = /^(?:https?:\/\/[^/]+)?\/media\/([0-9a-f-]{36})(?:\/[^?#]*)?$/i.exec(address);
  return match?.[1]?.toLowerCase() ?? null;
}
