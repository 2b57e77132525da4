// Placeholder: being built (issue 4).
export function ChartPage() {
  return (
    <section className="page">
      <h1>Chart</h1>
    </section>
  );
}
