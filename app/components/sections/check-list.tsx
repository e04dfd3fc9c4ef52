import { CheckIcon } from "~/components/ui/icons";

/** A list whose every line starts with a tick. */
export function CheckList({
  items,
  className,
  itemClassName = "flex gap-3",
  iconClassName = "shrink-0 text-brand-700",
}: {
  items: readonly string[];
  className: string;
  itemClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <CheckIcon className={iconClassName} />
          {item}
        </li>
      ))}
    </ul>
  );
}
