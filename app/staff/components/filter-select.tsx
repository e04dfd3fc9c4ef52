/** A filter of a list's search form: "Any" first, then the values it can take. */
export function FilterSelect({
  label,
  name,
  value,
  options,
  any = "Any",
}: {
  label: string;
  name: string;
  value: string | null;
  options: readonly (readonly [string, string])[];
  /** The words of the empty choice, which leaves the filter out. */
  any?: string;
}) {
  return (
    <label className="block">
      <span className="block font-semibold">{label}</span>
      <select name={name} defaultValue={value ?? ""} className="console-input mt-1 min-h-11">
        <option value="">{any}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
