import type { ReactNode } from "react";

/**
 * The frame of a public content page (docs/product.md, Content pages): the page's title band (its one h1, a line of
 * introduction and the main calls to action), then the page's own sections.
 */
export function ContentPageShell({
  eyebrow,
  title,
  intro,
  actions,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the title is translated by the page; only the brand is added */}
      <title>{`${title} · Nexapay`}</title>
      <section className="border-b border-border bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
          <div className="mx-auto mt-5 max-w-2xl text-base text-slate-600 sm:text-lg">{intro}</div>
          {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
        </div>
      </section>
      {children}
    </>
  );
}
