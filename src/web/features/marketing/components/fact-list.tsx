import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";

/** Key figures as a description list: the term on the left, its value on the right (`msg` descriptors). */
export function FactList({ facts }: { facts: readonly { term: MessageDescriptor; detail: MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return (
    <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white">
      {facts.map((fact) => (
        <div key={fact.term.id} className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
          <dt className="font-semibold text-slate-900">{i18n._(fact.term)}</dt>
          <dd className="text-slate-700">{i18n._(fact.detail)}</dd>
        </div>
      ))}
    </dl>
  );
}
