/**
 * Frames of other sites that wait for the page: an <iframe> with `data-src` gets its address once
 * the page has loaded, so the other site's requests and scripts never compete with this page's
 * first paint on a slow phone. Without JavaScript a <noscript> copy of the frame loads instead.
 */
import { eachWidget } from "./dom";

function load(frame: HTMLElement) {
  if (frame instanceof HTMLIFrameElement && frame.dataset.src) frame.src = frame.dataset.src;
}

export function startDeferredFrames(): void {
  eachWidget("iframe[data-src]", (frame) => {
    if (document.readyState === "complete") load(frame);
    else window.addEventListener("load", () => load(frame), { once: true });
  });
}
