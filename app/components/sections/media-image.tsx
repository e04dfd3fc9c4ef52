import type { PublishedImage } from "@common/published";
import { mediaSources } from "~/lib/media-image";

interface MediaImageProps {
  image: PublishedImage;
  /** How wide the picture shows, for the browser's pick from `srcset`. */
  sizes: string;
  /** The page's main picture (its LCP element): fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A picture of the media library: WebP in every page width the library stores, with its own
 * width and height so that its box is reserved before it arrives (no layout shift), and its alt.
 */
export function MediaImage({ image, sizes, priority = false, className }: MediaImageProps) {
  const { src, srcSet } = mediaSources(image.id, image.width);
  return (
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
  );
}
