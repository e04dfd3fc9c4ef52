/**
 * The media library's pictures in an e-mail (server/media/): a Markdown picture whose address is
 * the library's (`![alt](/media/<id>/960.webp)`, or the site's absolute address of it) is sent
 * as the library's mail size, JPEG at MAIL_WIDTH, by its absolute address on the site; any other
 * picture (a remote tracking pixel) stays its alt text. Read by the render worker, so this file
 * knows no database: what the library holds is looked up before the render and sent with it.
 */
import { MAIL_WIDTH, mediaIdOf, mediaPath } from "../../../common/media";

/** The mail size's width and height of each library picture a Markdown names, by id. */
export interface MailPictures {
  /** The site's address (config's PUBLIC_URL), that of every picture sent: no trailing slash. */
  origin: string;
  sizes: Readonly<Record<string, { width: number; height: number }>>;
}

/** No library picture known: every picture is its alt text (a render with no database). */
export const NO_PICTURES: MailPictures = { origin: "", sizes: {} };

/** A picture as the e-mail shows it: its absolute address and size. */
export interface MailPicture {
  src: string;
  width: number;
  height: number;
}

/** The library's picture at `href` as sent in an e-mail, or null when it is none the library holds. */
export function mailPictureOf(href: string, pictures: MailPictures): MailPicture | null {
  const id = mediaIdOf(href);
  const size = id ? pictures.sizes[id] : undefined;
  if (!id || !size || !pictures.origin) return null;
  return { src: `${pictures.origin}${mediaPath(id, MAIL_WIDTH, "jpeg")}`, ...size };
}

/** Whether `href` names a picture of the library: it needs its alt text to be sent. */
export function isLibraryPicture(href: string): boolean {
  return mediaIdOf(href) !== null;
}

/**
 * Whether `src` is the mail size of a library picture on the web: the only pictures the e-mail
 * HTML may hold (the sanitiser drops any other, and the allow-list test checks it).
 */
export function isMailPictureAddress(src: string): boolean {
  return /^https?:\/\//i.test(src) && isLibraryPicture(src) && src.endsWith(`/${MAIL_WIDTH}.jpg`);
}

/** The most library pictures one e-mail looks up: more than any newsletter shows. */
const MAX_PICTURES = 100;

/**
 * The ids of the library's addresses in some Markdown, wherever they are (a picture, a link, a
 * code block): the render decides which are pictures; looking up a few more costs nothing.
 */
export function mediaIdsIn(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(/\/media\/([0-9a-f-]{36})(?![0-9a-f-])/gi)) {
    ids.add((match[1] ?? "").toLowerCase());
    if (ids.size >= MAX_PICTURES) break;
  }
  return [...ids];
}
