import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatCount } from "@/lib/locale-format.ts";
import { cn } from "@/lib/class-names.ts";
import { Button } from "./button.tsx";
import { pageItems } from "./page-items.ts";

/**
 * Previous, the page numbers of pageItems() and Next; Previous and Next are disabled at the ends.
 * The current page is marked with aria-current for assistive technology.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={label ?? t`Pagination`} className={cn("flex items-center justify-center", className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button variant="ghost" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} className="px-2 sm:px-3">
            <ChevronLeft aria-hidden="true" />
            {/* "Previous" shows on wide screens; a screen reader hears "Previous page" everywhere. */}
            <span className="sr-only sm:not-sr-only">
              <Trans comment="Pagination button, followed by the hidden word 'page'">Previous</Trans>
            </span>
            <span className="sr-only">
              {" "}
              <Trans comment="Hidden after Previous/Next in the pagination, read aloud as 'Previous page'">page</Trans>
            </span>
          </Button>
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Button
                variant={item === page ? "outline" : "ghost"}
                size="icon"
                className={cn("size-9", item === page && "border-primary text-emerald-800")}
                aria-current={item === page ? "page" : undefined}
                aria-label={t`Page ${formatCount(item)}`}
                onClick={() => onPageChange(item)}
              >
                {formatCount(item)}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="flex size-9 items-center justify-center text-slate-500">
              …
            </li>
          ),
        )}
        <li>
          <Button variant="ghost" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount} className="px-2 sm:px-3">
            <span className="sr-only sm:not-sr-only">
              <Trans comment="Pagination button, followed by the hidden word 'page'">Next</Trans>
            </span>
            <span className="sr-only">
              {" "}
              <Trans comment="Hidden after Previous/Next in the pagination, read aloud as 'Previous page'">page</Trans>
            </span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
