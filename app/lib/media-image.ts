import { type MediaFormat, PAGE_WIDTHS, mediaPath } from "@common/media";

/**
 * The `sizes` of a picture as wide as an article's text column (max-w-3xl, 48rem, inside the
 * page's padding: 1rem a side on phones, 1.5rem from 40rem). Written to the pixel: a phone of
 * 412 CSS pixels at 1.75 device pixels each needs 665, which the 720 file covers; "100vw" asked
 * for 721 and took the 960 one.
 */
export const TEXT_COLUMN_SIZES =
  "(min-width: 51rem) 48rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)";

/**
 * A picture of the media library as an <img>'s or a <source>'s `src` and `srcset` in one format:
 * one candidate per page width the library stores. A picture narrower than a width is stored at
 * its own width (common/media.ts), so that candidate says the picture's real width and the wider
 * ones after it are left out: the browser then never picks a file for more pixels than it holds.
 * The `src` is the middle width, for a browser without srcset: a phone's, not a desktop's worth.
 */
export function mediaSources(
  id: string,
  width: number,
  format: MediaFormat = "webp",
): { src: string; srcSet: string } {
  const candidates: string[] = [];
  for (const pageWidth of PAGE_WIDTHS) {
    candidates.push(`${mediaPath(id, pageWidth, format)} ${Math.min(pageWidth, width)}w`);
    if (pageWidth >= width) break;
  }
  const fallback = PAGE_WIDTHS.find((pageWidth) => pageWidth >= Math.min(width, 960)) ?? 960;
  return { src: mediaPath(id, fallback, format), srcSet: candidates.join(", ") };
}

/** The MIME type a `<source>` or a preload names, so that a browser without it skips it. */
export const AVIF_TYPE = "image/avif";

/** The absolute address of a picture's widest page size, for og:image and structured data. */
export function mediaImageUrl(origin: string, id: string): string {
  return `${origin}${mediaPath(id, PAGE_WIDTHS[PAGE_WIDTHS.length - 1] ?? 1440, "webp")}`;
}
