import { useLingui as useShownLanguage } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { NativeSelect } from "@/components/ui/native-select.tsx";
import { Pagination } from "@/components/ui/pagination.tsx";
import { pageCountOf } from "@/components/ui/page-items.ts";
import { cn } from "@/lib/class-names.ts";
import { formatCount, numberFormatter } from "@/lib/locale-format.ts";

const searchDelayMs = 300;
// A row's place in the list, ungrouped as it always was ("1001–1010"); the total is grouped.
const formatPlace = numberFormatter({ useGrouping: false });

/** `value`, once it has stopped changing for `delayMs`: a search box asks the server once per pause, not per key. */
export function useDebouncedValue<T>(value: T, delayMs = searchDelayMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** A search box with a magnifier; its label is the placeholder text, for screen readers. */
export function SearchField({
  id,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className="pl-9"
        autoComplete="off"
        maxLength={100}
      />
    </div>
  );
}

/** A row of toggle buttons for one filter (e.g. All / Pending / Approved / Rejected). */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            "min-h-9 rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
            option.value === value ? "bg-white text-foreground shadow-sm" : "text-slate-700 hover:text-foreground",
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A drop-down for one filter with its visible label beside it (e.g. Status: All statuses /
 * Pending / …): the browser's own <select>, so the phone shows its own picker. `className` goes
 * on the select (a width).
 */
export function SelectFilter<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        {label}
      </Label>
      {/* The value is one of `options`, so it is a T. */}
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as T)} className={className}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * "Showing 11–20 of 34" and, when there is more than one page, the pager. `list` is the page the
 * server sent (its `total`); nothing is shown before it has come, nor when nothing matches.
 */
export function ListFooter({
  page,
  pageSize,
  list,
  onPageChange,
  label,
}: {
  page: number;
  pageSize: number;
  /** `totalCapped`: the server stopped counting at `total`, more rows match than the pages offered. */
  list: { total: number; totalCapped?: boolean } | undefined;
  onPageChange: (page: number) => void;
  label: string;
}) {
  useShownLanguage(); // the counts follow the shown language
  const total = list?.total ?? 0;
  const totalCapped = list?.totalCapped ?? false;
  const pageCount = pageCountOf(total, pageSize);
  // Rows went away (approved, deleted, filtered) and this page is now past the end: show the last one.
  useEffect(() => {
    if (total > 0 && page > pageCount) onPageChange(pageCount);
  }, [total, page, pageCount, onPageChange]);
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const shownFirst = formatPlace(first);
  const shownLast = formatPlace(last);
  const shownTotal = formatCount(total);
  return (
    <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground">
        {totalCapped ? (
          <Trans>
            Showing {shownFirst}–{shownLast} of more than {shownTotal}
          </Trans>
        ) : (
          <Trans>
            Showing {shownFirst}–{shownLast} of {shownTotal}
          </Trans>
        )}
        {totalCapped ? (
          <span className="block text-xs">
            <Trans>Search or filter to narrow the list.</Trans>
          </span>
        ) : null}
      </p>
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} label={label} /> : null}
    </div>
  );
}

/** The bar above a list: search and filters, wrapping on phones. */
export function ListToolbar({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center", className)}>{children}</div>;
}

/**
 * The text of a search box and its setter, as SearchField's `value` and `onChange`; `apply` gets
 * the trimmed text once typing pauses (the list then asks the server).
 */
export function useSearchBox(current: string, apply: (q: string) => void): { value: string; onChange: (text: string) => void } {
  const [text, setText] = useState(current);
  const settled = useDebouncedValue(text.trim());
  useEffect(() => {
    if (settled !== current) apply(settled);
    // Only a pause in typing applies the text; a change of `current` from elsewhere does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return { value: text, onChange: setText };
}
