import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { prefersReducedMotion } from "./motion";

/**
 * Smooth-scrolls the window to the top on every route change. When the URL carries a
 * hash, the element with that id is scrolled into view instead; its CSS scroll-margin-top gives
 * the offset (20px for the privacy policy, 100px for the contact form).
 */
export function useScrollToTopOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const isFirstRender = first.current;
    first.current = false;
    const behavior: ScrollBehavior = prefersReducedMotion() ? "auto" : "smooth";
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      // A target that is not shown (a closed dialog the fragment opens) has no place to go to.
      if (target && target.getClientRects().length > 0) {
        target.scrollIntoView({ behavior, block: "start" });
        return;
      }
    }
    // On the first load the browser already sits at the top (or restores a position); leave it.
    if (isFirstRender) return;
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [pathname, hash, key]);
}
