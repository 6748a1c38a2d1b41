import { Fragment, useSyncExternalStore, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { cn } from "@/lib/class-names.ts";

// The back office's tables: real <table> markup (screen readers announce rows and column
// headers), inside a card that scrolls sideways on narrow screens instead of squeezing columns.

export function AdminTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("overflow-hidden rounded-xl border border-border bg-white shadow-sm", className)}>
      {/* tabIndex: a keyboard user can focus the region and scroll it with the arrow keys. relative: visually
          hidden (absolutely placed) labels inside stay inside this scroller instead of widening the page. */}
      <div className="relative overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-full min-w-max border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

export function AdminTableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-border bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
      <tr>{children}</tr>
    </thead>
  );
}

/**
 * A row action: icon-only in a table row (`label` is its accessible name, `tooltip` its visible
 * hint), or with its tooltip as visible text on a phone's card (`showText`).
 */
export function RowIconButton({
  label,
  tooltip,
  showText = false,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "aria-label" | "size"> & { label: string; tooltip: string; showText?: boolean }) {
  if (showText)
    return (
      <Button variant="outline" size="sm" aria-label={label} className={className} {...props}>
        {children}
        {tooltip}
      </Button>
    );
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={tooltip} className={cn("size-8", className)} {...props}>
      {children}
    </Button>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("px-3 py-3 whitespace-nowrap first:pl-4 last:pr-4", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-middle first:pl-4 last:pr-4", className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-border last:border-b-0 hover:bg-slate-50/60", className)} {...props} />;
}

/** A single row across every column: the loading row, an empty state or an error. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not words
const wideQuery = "(min-width: 768px)"; // the mobile breakpoint

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(wideQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True from 768 px up, following the window as it is resized. */
export function useIsWide(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(wideQuery).matches);
}

/**
 * The Actions column, pinned to the right edge of the table's scroller at every width (decision 021):
 * however wide the other columns grow (a long reason, e-mail or method), Approve, Reject and Suspend
 * stay on screen. Its cells carry their own background, and a line on their left edge, over the
 * columns that scroll beneath them.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not words
export const pinnedEndCell = "sticky right-0 z-10 bg-white shadow-[inset_1px_0_0_var(--color-border)]";
// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not words
export const pinnedEndHeader = "sticky right-0 z-10 bg-slate-50 shadow-[inset_1px_0_0_var(--color-border)]";

/** A row's actions, in the pinned Actions column. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <Td className={pinnedEndCell}>
      <div className="flex items-center justify-end gap-1">{children}</div>
    </Td>
  );
}

/** A column of a list's table: its header, and classes for that header (text-right over amounts and actions). */
export type Column = { label: ReactNode; className?: string };

/**
 * A list screen's records: a table from 768 px up, and a stack of cards on phones, where a table of
 * eight columns would hide its actions off to the right. Only one of the two is rendered, so each
 * action exists once on the page. `message` (loading, empty, an error) replaces the records.
 * `columns` gives the table's header row; `row` gives an item's <Tr> with a cell for each of them,
 * `card` its MobileCard. Records are keyed by their id.
 */
export function AdminList<T extends { id: string }>({
  caption,
  columns,
  message,
  items,
  row,
  card,
}: {
  caption: string;
  columns: readonly Column[];
  message: ReactNode | null;
  items: readonly T[];
  row: (item: T) => ReactNode;
  card: (item: T) => ReactNode;
}) {
  const wide = useIsWide();
  if (wide)
    return (
      <AdminTable caption={caption}>
        <AdminTableHead>
          {columns.map((column, index) => (
            // The columns of a screen are fixed, so their place is a stable key.
            <Th key={index} className={column.className}>
              {column.label}
            </Th>
          ))}
        </AdminTableHead>
        <tbody>{message ? <TableMessageRow colSpan={columns.length}>{message}</TableMessageRow> : keyed(items, row)}</tbody>
      </AdminTable>
    );
  return message ? (
    <div className="rounded-xl border border-border bg-white px-4 py-10 text-center text-sm text-muted-foreground shadow-sm">{message}</div>
  ) : (
    <ul aria-label={caption} className="grid gap-3">
      {keyed(items, card)}
    </ul>
  );
}

/** Each item drawn by `draw`, keyed by its id, so that React keeps a record's row or card when others come or go. */
function keyed<T extends { id: string }>(items: readonly T[], draw: (item: T) => ReactNode) {
  return items.map((item) => <Fragment key={item.id}>{draw(item)}</Fragment>);
}

/** One record on a phone: a title line, its fields, and its actions at the bottom. */
export function MobileCard({
  title,
  aside,
  children,
  actions,
  rowId,
  selected = false,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** The record's id, for a list that moves a selection with the keyboard. */
  rowId?: string;
  /** The record the keyboard selected: outlined, and the current one for screen readers. */
  selected?: boolean;
}) {
  return (
    <li
      data-row-id={rowId}
      aria-current={selected || undefined}
      className={cn(
        "grid gap-3 rounded-xl border border-border bg-white p-4 text-sm shadow-sm",
        selected && "outline-2 outline-offset-2 outline-sky-600",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 font-medium">{title}</div>
        {aside ? <div className="shrink-0">{aside}</div> : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">{children}</dl>
      {actions ? <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">{actions}</div> : null}
    </li>
  );
}

export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
