/** Key figures as a description list: the term on the left, its value on the right. */
export function FactList({ facts }: { facts: readonly { term: string; detail: string }[] }) {
  return (
    <dl className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white">
      {facts.map((fact) => (
        <div key={fact.term} className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
          <dt className="font-semibold text-slate-900">{fact.term}</dt>
          <dd className="text-slate-700">{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
