/**
 * "Go back" buttons (the missing-page screen): a step back in the browser's history, from the
 * first paint and on pages that never load React. Where React runs, its router follows the step.
 */
import { closestTo } from "./dom";

const GO_BACK_ATTRIBUTE = "data-go-back";

export function startGoBack(): void {
  document.addEventListener("click", (event) => {
    if (closestTo(event, `button[${GO_BACK_ATTRIBUTE}]`)) history.back();
  });
}
