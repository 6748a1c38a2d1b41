// The back office's sidebar, wide or collapsed to a narrow rail (docs/product.md, Back office): Ctrl+B
// (Meta+B on a Mac) switches it, and a cookie keeps the choice for 7 days, read when the page loads.
// Taken everywhere, also while typing: a plain text field has no bold for Ctrl+B to mean.
import { useCallback, useEffect, useState } from "react";

export const sidebarCookieName = "sidebar_state";
const sidebarCookieMaxAgeSeconds = 7 * 24 * 60 * 60;

/** Whether the sidebar is wide, as the cookie says ("sidebar_state=false" collapses it); wide when it says nothing. */
export function sidebarExpandedFromCookie(cookie: string): boolean {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === sidebarCookieName) return value !== "false";
  }
  return true;
}

/** The cookie that keeps the choice: 7 days, the whole site, not sent along from other sites. */
export function sidebarCookie(expanded: boolean): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes, not words
  return `${sidebarCookieName}=${String(expanded)}; path=/; max-age=${sidebarCookieMaxAgeSeconds}; SameSite=Lax`;
}

/** The sidebar's shortcut: the letter b with Ctrl or Meta, and no other modifier. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The sidebar's state, its toggle, and the shortcut listening on the whole page while the back office is open. */
export function useSidebarState(): { expanded: boolean; toggle: () => void } {
  const [expanded, setExpanded] = useState(() => sidebarExpandedFromCookie(document.cookie));
  const toggle = useCallback(() => {
    setExpanded((was) => {
      document.cookie = sidebarCookie(!was);
      return !was;
    });
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      // The browser's own Ctrl+B (bookmarks in Firefox) would take the key otherwise.
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);
  return { expanded, toggle };
}
