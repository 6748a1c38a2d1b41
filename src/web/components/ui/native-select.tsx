import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/class-names.ts";

/** The browser's own <select>, styled like Input: native keyboard and screen-reader support, and the phone's own picker. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-white py-2 pr-9 pl-3 text-base text-foreground shadow-sm transition-colors sm:text-sm",
          "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
          "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70",
          "aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30",
          className,
        )}
        {...props}
      />
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}
