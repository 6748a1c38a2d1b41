import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/class-names.ts";

/** Title and text as message descriptors (`msg`), translated when the grid renders. */
export type FeatureItem = { title: MessageDescriptor; text: MessageDescriptor; icon: LucideIcon };

/** Cards of icon, title and text; each card's title is an h3 under the section's h2. */
export function FeatureGrid({ items, columns = 3, className }: { items: readonly FeatureItem[]; columns?: 2 | 3 | 4; className?: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", columns === 3 ? "lg:grid-cols-3" : columns === 4 ? "lg:grid-cols-4" : "", className)}>
      {items.map((item) => (
        <li key={item.title.id} className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <div className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
            <item.icon aria-hidden="true" className="size-6" />
          </div>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{i18n._(item.title)}</h3>
          <p className="mt-2 text-slate-600">{i18n._(item.text)}</p>
        </li>
      ))}
    </ul>
  );
}
