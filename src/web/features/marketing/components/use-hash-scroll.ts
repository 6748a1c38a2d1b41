import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element the URL's #fragment names, once this page has rendered: the browser's own
 * fragment scroll happens before a lazily loaded page exists (arriving at /#pricing from another
 * page or a bookmark), and clicking the same anchor twice changes no hash. Focus moves to the
 * section too, so keyboard and screen-reader users continue from there.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // After paint: the side menu's scroll lock is lifted and the layout is final.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
      if (target.tabIndex >= -1 && target.hasAttribute("tabindex")) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
