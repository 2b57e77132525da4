// Placeholder: being built.
export function SymbolPage() {
  return (
    <section className="page">
      <h1>Symbol</h1>
    </section>
  );
}
