/** The title band at the top of a content page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  return (
    <div data-surface="dark" className="bg-(--color-heritage-800) text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h1 className="text-4xl font-bold text-white sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mt-4 text-xl text-(--color-gold-300)">{subtitle}</p> : null}
      </div>
    </div>
  );
}
