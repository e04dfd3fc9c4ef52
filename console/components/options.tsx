/** A select's choices, each a value and the words shown for it. */
export function Options({ choices }: { choices: readonly (readonly [string, string])[] }) {
  return (
    <>
      {choices.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}
