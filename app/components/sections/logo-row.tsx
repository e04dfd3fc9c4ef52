/** How a row of logos is laid out: classes of the list, its items and images, and image size. */
export interface LogoRowLook {
  list: string;
  item?: string;
  image: string;
  width: number;
  height: number;
  /** Wait until the row is scrolled near; false for a row the first screen shows. */
  lazy: boolean;
}

/** A row of logos (certifications, partners), each an image named by its alt text. */
export function LogoRow({
  logos,
  look,
  label,
}: {
  logos: readonly { src: string; alt: string }[];
  look: LogoRowLook;
  /** Names the list for screen readers when no heading does. */
  label?: string;
}) {
  return (
    <ul className={look.list} aria-label={label}>
      {logos.map((logo) => (
        <li key={logo.alt} className={look.item}>
          <img
            src={logo.src}
            alt={logo.alt}
            width={look.width}
            height={look.height}
            className={look.image}
            loading={look.lazy ? "lazy" : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
