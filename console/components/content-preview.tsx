import { useEffect, useRef, useState } from "react";
import { PreviewWidthPicker } from "./preview-width-picker";
import { Section } from "./section";

/** The widths the draft is shown at: a phone's screen and a desktop's window. */
export const PAGE_PREVIEW_WIDTHS = [
  { name: "phone", label: "Phone", px: 390 },
  { name: "desktop", label: "Desktop", px: 1280 },
] as const;
type PreviewWidth = (typeof PAGE_PREVIEW_WIDTHS)[number]["name"];

/** The height of the page shown, in the frame's own pixels. */
const FRAME_HEIGHT = 900;

/**
 * The saved draft as its public page will look (the server renders `path` for signed-in staff),
 * in a frame at a phone's or a desktop's width, scaled down to fit the column when it is wider;
 * and the same in a tab of its own. `revision` reloads the frame after each save.
 */
export function ContentPreview({ path, revision }: { path: string; revision: number }) {
  const [width, setWidth] = useState<PreviewWidth>("phone");
  const px = PAGE_PREVIEW_WIDTHS.find((w) => w.name === width)?.px ?? 390;
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = room && room < px ? room / px : 1;
  return (
    <Section id="preview" title="Preview">
      <p className="mb-3 max-w-prose text-muted">
        The page as it will look once published, from the last save. Save to see your changes here.{" "}
        <a href={path} target="_blank" rel="noopener" className="console-link">
          Open preview in a new tab
        </a>
      </p>
      <PreviewWidthPicker widths={PAGE_PREVIEW_WIDTHS} chosen={width} onChoose={setWidth} />
      {scale < 1 ? (
        <p className="mb-2 text-sm text-muted">Shown at {Math.round(scale * 100)}% to fit.</p>
      ) : null}
      <div ref={box} style={{ height: `${FRAME_HEIGHT * scale}px` }} className="overflow-hidden">
        {/* Our own page with its own scripts, as a visitor gets it (its menus and widgets work;
            a sandbox without scripts would show a page no visitor sees). */}
        <iframe
          key={`${revision}-${width}`}
          src={path}
          title={`Preview at ${width} width`}
          style={{
            width: `${px}px`,
            height: `${FRAME_HEIGHT}px`,
            transform: `scale(${scale})`,
            transformOrigin: "top left",
          }}
          className="max-w-none rounded-md border border-gray-300 bg-white"
        />
      </div>
    </Section>
  );
}
