// A symbol the service does not know: its own words (with the case hint when it has one) and the ways on.
import { Link } from "react-router";
import type { UnknownSymbol } from "./not-found.ts";

export function SymbolNotFound({ symbol, unknown }: { symbol: string; unknown: UnknownSymbol }) {
  const message = unknown.message === "" ? `the service does not know ${symbol}` : unknown.message;
  return (
    <div className="failure-notice symbol-not-found" role="alert">
      <p className="failure-notice__title">No coin “{symbol}”</p>
      <p>{message[0]?.toUpperCase() + message.slice(1)}</p>
      <p className="symbol-not-found__ways">
        {unknown.suggestion ? (
          <>
            <Link to={`/symbol/${encodeURIComponent(unknown.suggestion)}`}>Go to {unknown.suggestion}</Link>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <Link to="/">Back to the coins</Link>
      </p>
    </div>
  );
}
