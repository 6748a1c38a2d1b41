import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/class-names.ts";

// The back office's tables: real <table> markup (screen readers announce rows and column
// headers), inside a card that scrolls sideways on narrow screens instead of squeezing columns.

export function AdminTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("overflow-hidden rounded-xl border border-border bg-white shadow-sm", className)}>
      {/* tabIndex: a keyboard user can focus the region and scroll it with the arrow keys. */}
      <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
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

export function Th({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("px-4 py-3 whitespace-nowrap", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-4 py-3 align-middle", className)} {...props} />;
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
