import { type InputHTMLAttributes, type KeyboardEvent, useState } from "react";
import { inputClass, useControlId } from "./field";

interface ComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}

/** Case-insensitive substring match. */
export function filterOptions(options: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  return q ? options.filter((option) => option.toLowerCase().includes(q)) : [...options];
}

/**
 * WAI-ARIA combobox with a list of suggestions (list autocomplete). Typing filters the list; Down
 * and Up move through it; Enter or a click picks a suggestion, fills the field and closes the
 * list; Escape closes it. Free text is allowed: the value is whatever the field shows.
 */
export function Combobox({
  value,
  onChange,
  options,
  id,
  className = "",
  ...inputProps
}: ComboboxProps) {
  const inputId = useControlId(id);
  const listId = `${inputId}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = filterOptions(options, value);
  const expanded = open && matches.length > 0;

  const pick = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((i) => (matches.length ? (i + 1) % matches.length : -1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setOpen(true);
        setActive((i) => (matches.length ? (i <= 0 ? matches.length - 1 : i - 1) : -1));
        break;
      case "Enter":
        if (expanded && active >= 0 && matches[active] !== undefined) {
          event.preventDefault();
          pick(matches[active]);
        }
        break;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className="relative">
      <input
        {...inputProps}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`${inputClass} ${className}`}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-xl border border-gray-300 bg-white py-1 shadow-lg"
      >
        {matches.map((option, index) => (
          // Focus stays in the input (aria-activedescendant), so options are not focusable.
          // eslint-disable-next-line jsx-a11y/interactive-supports-focus
          <div
            key={option}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // mousedown, not click: it runs before the input's blur would close the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            className={`cursor-pointer px-4 py-2.5 ${index === active ? "bg-brand-800 text-white" : "hover:bg-brand-50"}`}
          >
            {option}
          </div>
        ))}
      </div>
    </div>
  );
}
