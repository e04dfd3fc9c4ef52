/** A width a preview can be shown at, named for the screen it stands for. */
export type PreviewWidthOption = {
  readonly name: string;
  readonly label: string;
  readonly px: number;
};

/**
 * The row of toggle buttons that chooses a preview's width (a phone's screen, a desktop's window),
 * shared by the e-mail previews and the page previews so that both read and work the same way:
 * the chosen one is pressed (`aria-pressed`) and each names its width in pixels.
 */
export function PreviewWidthPicker<Name extends string>({
  widths,
  chosen,
  onChoose,
}: {
  widths: readonly (PreviewWidthOption & { readonly name: Name })[];
  chosen: Name;
  onChoose: (name: Name) => void;
}) {
  return (
    <div role="group" aria-label="Preview width" className="mb-3 flex flex-wrap gap-2">
      {widths.map((w) => (
        <button
          key={w.name}
          type="button"
          aria-pressed={w.name === chosen}
          onClick={() => onChoose(w.name)}
          className={w.name === chosen ? "console-button" : "console-button-quiet"}
        >
          {`${w.label} (${w.px} px)`}
        </button>
      ))}
    </div>
  );
}
