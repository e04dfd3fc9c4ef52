import { preload } from "react-dom";
import type { PublishedImage } from "@common/published";
import { AVIF_TYPE, mediaSources } from "~/lib/media-image";

interface MediaImageProps {
  image: PublishedImage;
  /** How wide the picture shows, for the browser's pick from `srcset`. */
  sizes: string;
  /** The page's main picture (its LCP element): fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A picture of the media library: AVIF where the browser reads it, WebP where not, in every page
 * width the library stores, with its own width and height so that its box is reserved before it
 * arrives (no layout shift), and its alt. The `<picture>` makes no box of its own (`contents`):
 * the `<img>` is laid out as if it stood alone, as the built pages' pictures do.
 */
export function MediaImage({ image, sizes, priority = false, className }: MediaImageProps) {
  const { src, srcSet } = mediaSources(image.id, image.width);
  const avif = mediaSources(image.id, image.width, "avif");
  if (priority) {
    // React asks for a high-priority <img> from the head by itself, but not one inside a
    // <picture>, whose source it cannot know; this asks for the AVIF one, which a browser that
    // cannot read AVIF skips by its type (and then finds the WebP as it reads the <img>).
    preload(avif.src, {
      as: "image",
      type: AVIF_TYPE,
      imageSrcSet: avif.srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className="contents">
      <source type={AVIF_TYPE} srcSet={avif.srcSet} sizes={sizes} />
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        className={className}
        {...(priority
          ? { fetchPriority: "high" as const }
          : { loading: "lazy" as const, decoding: "async" as const })}
      />
    </picture>
  );
}
