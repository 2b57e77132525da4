// Placeholder: being built.
export function CoinsPage() {
  return (
    <section className="page">
      <h1>Coins</h1>
    </section>
  );
}
