import { ChevronLeft, ChevronRight } from "lucide-react";
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
  label = "Pagination",
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex items-center justify-center", className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button variant="ghost" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} className="px-2 sm:px-3">
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Previous</span>
            <span className="sr-only"> page</span>
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
                aria-label={`Page ${item}`}
                onClick={() => onPageChange(item)}
              >
                {item}
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
            <span className="sr-only sm:not-sr-only">Next</span>
            <span className="sr-only"> page</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
