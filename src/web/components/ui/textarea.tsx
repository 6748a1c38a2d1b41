import type { ComponentProps } from "react";
import { cn } from "@/lib/class-names.ts";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full min-w-0 rounded-lg border border-input bg-white px-3 py-2 text-base text-foreground shadow-sm transition-colors sm:text-sm",
        "placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
        "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70",
        "aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30",
        className,
      )}
      {...props}
    />
  );
}
