/** Numbered steps (an ordered list), each a card with its number, title (h3) and text. */
export function StepList({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className={`grid gap-6 sm:grid-cols-2 ${steps.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <p aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-emerald-700 font-semibold text-white">
            {index + 1}
          </p>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
