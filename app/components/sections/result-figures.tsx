/** A case study's results as figures on the brand's dark cards: "40%", what it measures below. */
export function ResultFigures({
  results,
  className = "mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
}: {
  results: readonly { figure: string; label: string }[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {results.map((result) => (
        <div
          key={`${result.figure} ${result.label}`}
          className="flex flex-col-reverse rounded-2xl bg-brand-800 p-6 text-white"
        >
          <dt className="mt-1 text-brand-50">{result.label}</dt>
          <dd className="text-3xl font-extrabold text-gold-300">{result.figure}</dd>
        </div>
      ))}
    </dl>
  );
}
