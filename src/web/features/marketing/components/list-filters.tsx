import { Trans, useLingui } from "@lingui/react/macro";
import { Search, SearchX } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { formatCount } from "@/lib/locale-format.ts";
import { useAddressParams } from "@/lib/use-address-params.ts";

/**
 * Filter state kept in the URL (?q=…&category=…), so a filtered list can be shared, reloaded and
 * reached again with Back.
 */
export function useListFilters<Key extends string>(keys: readonly Key[]) {
  const [params, change] = useAddressParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ""])) as Record<Key, string>;
  const set = (key: Key, value: string) =>
    change((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });
  const clear = () =>
    change((next) => {
      for (const key of keys) next.delete(key);
    });
  const active = keys.some((key) => values[key] !== "");
  return { values, set, clear, active };
}

/** The row of controls above a list: a search box and any number of selects. */
export function FilterBar({ label, selects, children }: { label: string; selects: 1 | 2; children: ReactNode }) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      className={`grid gap-4 sm:items-end ${selects === 2 ? "sm:grid-cols-[2fr_1fr_1fr]" : "sm:grid-cols-[2fr_1fr]"}`}
    >
      {children}
    </form>
  );
}

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
    </div>
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  /** value: what the URL keeps (English, so a shared link works in either language); label: what is shown. */
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** "Showing 3 of 9 posts", read out politely as the filters change. */
export function ResultCount({ shown, total, noun }: { shown: number; total: number; noun: "posts" | "positions" | "releases" }) {
  const { t } = useLingui();
  const count = formatCount(shown);
  const all = formatCount(total);
  // One whole sentence per list, so a translation can order the words as its language needs.
  const sentences = {
    posts: shown === total ? t`Showing all ${all} posts` : t`Showing ${count} of ${all} posts`,
    positions: shown === total ? t`Showing all ${all} positions` : t`Showing ${count} of ${all} positions`,
    releases: shown === total ? t`Showing all ${all} releases` : t`Showing ${count} of ${all} releases`,
  };
  return (
    <p role="status" className="mt-6 text-sm text-slate-600">
      {sentences[noun]}
    </p>
  );
}

/** What an empty result says, with a way back to the full list. */
export function EmptyResults({ title, onClear }: { title: string; onClear: () => void }) {
  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-8 text-slate-500" />
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-600">
        <Trans>Try other words or fewer filters.</Trans>
      </p>
      <Button variant="outline" onClick={onClear}>
        <Trans>Clear filters</Trans>
      </Button>
    </div>
  );
}
