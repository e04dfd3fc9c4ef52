/**
 * A square portrait (a leader, the author of a testimonial), drawn round by `className`. Portraits
 * load lazily unless `eager`: most sit far down the page or in a dialog.
 */
export function Avatar({
  src,
  alt = "",
  size,
  className,
  eager = false,
}: {
  src: string;
  alt?: string;
  /** The image's own width and height in pixels; `className` sets the size shown. */
  size: number;
  className: string;
  eager?: boolean;
}) {
  const loading = eager ? undefined : "lazy";
  return (
    <img src={src} alt={alt} width={size} height={size} loading={loading} className={className} />
  );
}
