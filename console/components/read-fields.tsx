import type { Read } from "../stale";

/**
 * The hidden fields of a form made on a record as the page read it (console/stale.ts): its
 * `version`, which the change names (If-Match), and each of its values as `was.<name>`, which a
 * refusal as stale compares with the record as it now is to say what changed.
 */
export function ReadFields({ read }: { read: Read<Record<string, string | boolean | null>> }) {
  return (
    <>
      <input type="hidden" name="version" value={read.version} />
      {Object.entries(read.record).map(([name, value]) => (
        <input key={name} type="hidden" name={`was.${name}`} value={String(value ?? "")} />
      ))}
    </>
  );
}
