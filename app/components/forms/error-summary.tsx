import { type MouseEvent, type Ref, useId } from "react";

/** One field a summary may link to: the key of its message and the id of its control. */
export interface SummaryField {
  name: string;
  id: string;
}

interface ErrorSummaryProps {
  /** One message per field, as the form shows them beside the fields. */
  errors: Record<string, string>;
  /** The form's fields in the order the visitor meets them. */
  fields: readonly SummaryField[];
  /** The box itself, which takes the focus when the form is refused. */
  ref?: Ref<HTMLDivElement>;
  /**
   * Focus the box as the page opens: the page is the server's answer to a refused post, and
   * without JavaScript only the `autofocus` attribute can move the focus.
   */
  focusOnLoad?: boolean;
}

/**
 * The box at the top of a refused form, after GOV.UK's error summary: a heading, then each
 * field's message once, as a link that takes the visitor to that field. The form moves the focus
 * to the box, so a screen reader reads it out whole; its messages are the fields' own.
 */
export function ErrorSummary({ errors, fields, ref, focusOnLoad }: ErrorSummaryProps) {
  const headingId = useId();
  const known = new Set(fields.map((field) => field.name));
  const items = [
    ...fields.filter((field) => errors[field.name]),
    // A message the form has no field for (the server's, about the form as a whole).
    ...Object.keys(errors)
      .filter((name) => !known.has(name))
      .map((name) => ({ name, id: "" })),
  ];
  if (items.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      // Only on the page that answers a refused post, which the visitor came to fix it.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={focusOnLoad}
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl border-4 border-red-700 bg-white p-4 outline-none focus:ring-4 focus:ring-gold-300 sm:col-span-2"
    >
      <h3 id={headingId} className="text-lg font-bold text-ink">
        There is a problem
      </h3>
      <ul className="mt-2 space-y-1">
        {items.map(({ name, id }) => (
          <li key={name}>
            {id ? (
              <a
                href={`#${id}`}
                onClick={(event) => goToField(event, id)}
                className="font-semibold text-red-700 underline"
              >
                {errors[name]}
              </a>
            ) : (
              <span className="font-semibold text-red-700">{errors[name]}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Moves to the field in error: focused, with its label in view (the browser's own jump to the
 * anchor would scroll the label out of sight above the control). The address stays as it was.
 */
function goToField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  const label = "labels" in field ? (field.labels as NodeListOf<HTMLLabelElement>)[0] : null;
  field.focus({ preventScroll: true });
  // jsdom, in the component tests, scrolls nothing.
  (label ?? field).scrollIntoView?.({ block: "center" });
}
