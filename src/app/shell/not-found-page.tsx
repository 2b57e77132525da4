import { Link, useLocation } from "react-router";

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. Try <Link to="/">the coin list</Link> or{" "}
        <Link to="/rates">the interest rates</Link>.
      </p>
    </section>
  );
}
