import { useMemo } from "react";
import { useAddressParams } from "@/lib/use-address-params.ts";

/**
 * A list screen's filters and page, kept in the address (?status=pending&page=2) so that a reload,
 * a shared link or the back button shows the same rows. `choices` lists the values each filter
 * may take; anything else in the address falls back to the default. Changing a filter goes back
 * to page 1.
 */
export function useListParams<F extends Record<string, string>>(defaults: F, choices: { [K in keyof F]?: readonly string[] }) {
  const [params, change] = useAddressParams();

  const filters = useMemo(() => {
    const result = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(key);
      const allowed = choices[key];
      if (value !== null && (allowed === undefined || allowed.includes(value))) result[key] = value as F[typeof key];
    }
    return result;
    // defaults and choices are constants of the calling screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  const rawPage = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(rawPage) && rawPage >= 1 ? rawPage : 1;

  const update = (changes: Partial<F> & { page?: number }) =>
    change((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (key === "page") continue;
        if (value === undefined || value === defaults[key]) next.delete(key);
        else next.set(key, String(value));
      }
      const newPage = changes.page ?? 1;
      if (newPage <= 1) next.delete("page");
      else next.set("page", String(newPage));
    });

  /** One filter's value and its setter, as the `value` and `onChange` of its control (a select, filter buttons). */
  function control<K extends keyof F & string>(key: K) {
    const onChange = (value: F[K]) => {
      const changes: Partial<F> = {};
      changes[key] = value;
      update(changes);
    };
    return { value: filters[key], onChange };
  }

  /** The page and its setter, as a pager's `page` and `onPageChange`; the filters stay. */
  const pager = { page, onPageChange: (next: number) => update({ ...filters, page: next }) };

  return { filters, page, update, control, pager };
}
