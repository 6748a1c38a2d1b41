import { useId, type ReactNode } from "react";
import { cn } from "@/lib/class-names.ts";
import { SectionHeading } from "./section-heading.tsx";

/** One band of a public page: a heading (h2) and its content, on white or a light tint. */
export function PageSection({
  id,
  eyebrow,
  title,
  intro,
  tone = "white",
  width = "wide",
  align = "center",
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "tint";
  width?: "wide" | "narrow";
  align?: "center" | "start";
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={id ? -1 : undefined}
      className={cn("scroll-mt-20 py-16 outline-none sm:py-20", tone === "tint" ? "bg-slate-50" : "bg-white")}
    >
      <div className={cn("mx-auto px-4 sm:px-6", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} align={align}>
          {intro}
        </SectionHeading>
        {children ? <div className="mt-10 sm:mt-12">{children}</div> : null}
      </div>
    </section>
  );
}
