import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";

/** The frame of a public content page (spec §2.20): a title band, the page's text, a call to action. */
export function ContentPageShell({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <>
      <title>{`${title} · Nexapay`}</title>
      <section className="border-b border-border bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">{intro}</p>
        </div>
      </section>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        {children ?? (
          <div className="rounded-xl border border-border bg-slate-50 p-6 text-center">
            <p className="text-slate-700">More about this is coming soon.</p>
            <Button asChild className="mt-4">
              <Link to="/signup">Get Started</Link>
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
