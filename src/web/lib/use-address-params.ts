import { useRef } from "react";
import { useLocation, useSearchParams } from "react-router";

/**
 * The address's search params, and a way to change them that composes.
 *
 * React Router hands a change the params of the last render, and applies it a moment later: two
 * changes before the next render (a type picked, then a status) would each start from the old
 * address, and the second would undo the first. So each change starts from the params last asked
 * for, until a render shows a navigation since (this hook's own, or a link to the page): each
 * navigation has a new location key. A change replaces the history entry rather than adding one.
 */
export function useAddressParams(): [URLSearchParams, (apply: (next: URLSearchParams) => void) => void] {
  const [params, setParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  const asked = useRef<{ locationKey: string; next: URLSearchParams } | null>(null);
  const change = (apply: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(asked.current?.locationKey === locationKey ? asked.current.next : params);
    apply(next);
    asked.current = { locationKey, next };
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return [params, change];
}
