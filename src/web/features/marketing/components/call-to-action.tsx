import { useId, type ReactNode } from "react";

/** Classes for the buttons on the band's dark green (both keep 4.5:1 text contrast). */
export const ctaPrimaryClass = "bg-white text-emerald-900 hover:bg-emerald-50";
export const ctaSecondaryClass = "border-white/70 bg-transparent text-white hover:bg-emerald-700";

/** The closing band of a page: a question, a line of text and one or two buttons. */
export function CallToAction({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-emerald-800">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white">
          {title}
        </h2>
        <div className="mx-auto mt-4 max-w-2xl text-lg text-emerald-50">{text}</div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  );
}
