import type { ReactNode } from "react";
import { cn } from "@/lib/class-names.ts";

/** A section's small label, its h2 and a line of introduction, centred unless told. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "start";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" ? "mx-auto text-center" : "", className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-4 text-base text-slate-600 sm:text-lg">{children}</div> : null}
    </div>
  );
}
