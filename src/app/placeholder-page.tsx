import { ENDPOINT_EXAMPLES } from "./endpoint-examples.ts";

/** Placeholder until the dashboard lands: what the service offers and where to read about it. */
export function PlaceholderPage() {
  return (
    <main
      style={{
        fontFamily: "system-ui, sans-serif",
        maxWidth: "44rem",
        margin: "3rem auto",
        padding: "0 1rem",
      }}
    >
      <h1>Crowd Market Data</h1>
      <p>
        The market data query service is running. The dashboard is being built; meanwhile the API answers at
        the addresses below (5 requests a minute per client).
      </p>
      <h2>Try the API</h2>
      <ul>
        {ENDPOINT_EXAMPLES.map(({ path, what }) => (
          <li key={path}>
            <a href={path}>{path}</a> — {what}
          </li>
        ))}
      </ul>
      <p>
        Every endpoint, parameter and error is described in the <a href="/docs">API documentation</a>.
      </p>
    </main>
  );
}
