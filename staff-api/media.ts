/**
 * The media library (server/media/): pictures uploaded once and used by the published pages and
 * the e-mails, each served in the sizes of common/media.ts. For marketing and admins.
 */
import * as z from "zod/mini";
import { CONTENT_KINDS } from "../common/published";
import { Failed, REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { recordDeletion, sessionRead } from "./query";
import { MARKETING_ROLES } from "./roles";

/** What an upload that is no picture we take is told (a PDF named .png, an SVG, a GIF). */
export const NOT_A_PICTURE = "This file is not a JPEG, PNG or WebP picture";
export const TOO_LARGE = "A picture can be at most 10 MB";
/** What a picture of more pixels than the server decodes is told (a decompression bomb, or a scan). */
export const TOO_MANY_PIXELS =
  "A picture can have at most 50 megapixels (for example 8,000 × 6,000)";
/** What an upload without the one part `file` is told. */
export const NO_FILE = "Send one picture, as the form part named file";

/**
 * Where a picture is used: a published or draft item of the site (its latest or its published
 * revision), a campaign (sent ones too: their e-mails show it from the site), the welcome e-mail.
 */
export const PictureUse = z.strictObject({
  kind: z.enum([...CONTENT_KINDS, "campaign", "welcome"]),
  /** The item's or campaign's id; the welcome e-mail has none. */
  id: z.nullable(z.string()),
  /** Its title or subject, as the console lists it. */
  title: z.string(),
});
export type PictureUse = z.output<typeof PictureUse>;

export const NO_SUCH_PICTURE = "There is no such picture in the library; it may have been deleted";
export const PICTURE_IN_USE =
  "This picture is still in use. Take it out of these first, then delete it";

export const MediaItem = z.strictObject({
  id: z.string(),
  /** The page size to show it at: mediaPath(id, LISTED_WIDTH, "webp") (its own width if narrower). */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** The uploaded file's name, as the library lists it. */
  name: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});
export type MediaItem = z.output<typeof MediaItem>;

export const mediaApi = {
  /** The library, newest first. */
  list: sessionRead(
    "/api/staff/media",
    MARKETING_ROLES,
    z.strictObject({ items: z.array(MediaItem) }),
  ),
  /**
   * One picture, as multipart/form-data with one part `file` (the only staff write that is not
   * JSON): JPEG, PNG or WebP by its bytes, at most MAX_UPLOAD_BYTES; stored without its
   * metadata (place, camera). 400 NOT_A_PICTURE, 413 TOO_LARGE.
   */
  upload: endpoint({
    method: "POST",
    path: "/api/staff/media",
    roles: MARKETING_ROLES,
    answers: { 201: MediaItem, ...REFUSALS, 413: Failed, 415: Failed },
  }),
  /**
   * Deletes a picture and every size of it: 204. 409 PICTURE_IN_USE with where it is used while
   * anything shows it, so that no page or e-mail is left with a missing picture; 404 when there
   * is no such picture.
   */
  remove: recordDeletion("/api/staff/media/:id", MARKETING_ROLES, NO_SUCH_PICTURE, {
    409: z.strictObject({ error: z.string(), usedBy: z.array(PictureUse) }),
  }),
};
