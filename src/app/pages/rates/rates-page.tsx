// Placeholder: being built.
export function RatesPage() {
  return (
    <section className="page">
      <h1>Interest rates</h1>
    </section>
  );
}
