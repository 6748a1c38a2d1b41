// Which page buttons a pager shows: the first page, the last page and the
// neighbours of the current one, with an ellipsis for each gap. A gap of a single page shows that
// page instead: an ellipsis standing for one number hides nothing and saves no room.

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(1, page), pageCount);
  const shown = new Set<number>([1, pageCount, current - 1, current, current + 1]);
  const pages = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);

  const items: PageItem[] = [];
  let previous = 0;
  for (const n of pages) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push(previous === 1 ? "ellipsis-start" : "ellipsis-end");
    items.push(n);
    previous = n;
  }
  return items;
}

/** Pages needed for `total` rows, at least one. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
