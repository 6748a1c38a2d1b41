import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formatCount } from "@/lib/locale-format.ts";

/** Numbered steps (an ordered list), each a card with its number, title (h3) and text (`msg` descriptors). */
export function StepList({ steps }: { steps: readonly { title: MessageDescriptor; text: MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return (
    <ol className={`grid gap-6 sm:grid-cols-2 ${steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {steps.map((step, index) => (
        <li key={step.title.id} className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <p aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-emerald-700 font-semibold text-white">
            {formatCount(index + 1)}
          </p>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{i18n._(step.title)}</h3>
          <p className="mt-2 text-slate-600">{i18n._(step.text)}</p>
        </li>
      ))}
    </ol>
  );
}
