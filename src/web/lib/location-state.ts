// Small facts that one screen hands the next through react-router's location state: the page a
// guard sent the user away from, and flags such as `resetEmailSent`.

/**
 * The page a guard sent the user away from (location state `from`), when it is a path of ours.
 * Accepts a path string or a location object; anything else (or another origin) gives the fallback.
 */
export function redirectTarget(state: unknown, fallback: string): string {
  if (typeof state !== "object" || state === null || !("from" in state)) return fallback;
  const from = state.from;
  let path: string | undefined;
  if (typeof from === "string") path = from;
  else if (typeof from === "object" && from !== null && typeof (from as { pathname?: unknown }).pathname === "string") {
    const location = from as { pathname: string; search?: unknown; hash?: unknown };
    path =
      location.pathname +
      (typeof location.search === "string" ? location.search : "") +
      (typeof location.hash === "string" ? location.hash : "");
  }
  // Only a path on this site: "//evil.example" would leave it.
  if (path === undefined || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** A boolean flag in location state, e.g. `resetEmailSent`. */
export function stateFlag(state: unknown, name: string): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[name] === true;
}

/** A string in location state, e.g. the admin login's `message`. */
export function stateText(state: unknown, name: string): string | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
