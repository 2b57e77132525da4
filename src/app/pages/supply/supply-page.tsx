// Placeholder: being built.
export function SupplyPage() {
  return (
    <section className="page">
      <h1>Circulating supply</h1>
    </section>
  );
}
