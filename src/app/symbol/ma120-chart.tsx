// The coin's MA120 over the last 24 hours: the `gfx1` points that came with the symbol details, so it costs
// no request of its own.
import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import type { SymbolDetails } from "../../interface/resources.ts";
import { ChartTimeCaption } from "../chart-models/chart-time-caption.tsx";
import { MiniLineChart } from "../chart-models/mini-line-chart.tsx";
import { decodePointsValue } from "../decoding/chart-points/decode-points-value.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import type { CurrencyChoice } from "../format/currency.ts";
import { formatPrice } from "../format/numbers.ts";

export function Ma120Chart({
  symbol,
  gfx1,
  fx,
}: {
  symbol: string;
  gfx1: SymbolDetails["gfx1"];
  fx: CurrencyChoice;
}) {
  const decoded = useMemo(() => readPoints(gfx1), [gfx1]);
  const values = useMemo(
    () => (decoded.points ? inCurrency(decoded.points.values, fx.rate) : null),
    [decoded, fx.rate],
  );
  const currency = fx.currency;
  const format = useCallback((value: number) => formatPrice(value, currency), [currency]);
  return (
    <figure className="card symbol-chart" aria-labelledby="ma120-title">
      <figcaption className="symbol-chart__caption">
        <h2 id="ma120-title">
          MA120 <span className="muted">last 24 hours, all exchanges</span>
        </h2>
        <Link to={`/chart/${encodeURIComponent(symbol)}`}>Full chart of {symbol}</Link>
      </figcaption>
      {decoded.points && values ? (
        <MiniLineChart
          times={decoded.points.times}
          values={values}
          label={`MA120 of ${symbol} over the last 24 hours`}
          valueFormat={format}
          emptyText="No MA120 points in the last 24 hours yet."
        />
      ) : (
        <p className="muted" role="status">
          The MA120 points could not be read: {decoded.error}
        </p>
      )}
      <ChartTimeCaption />
    </figure>
  );
}

function readPoints(
  gfx1: SymbolDetails["gfx1"],
): { points: ChartPoints; error: null } | { points: null; error: string } {
  try {
    return { points: decodePointsValue(gfx1), error: null };
  } catch (error) {
    return { points: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function inCurrency(usd: Float64Array, rate: number): Float64Array {
  if (rate === 1) return usd;
  const out = new Float64Array(usd.length);
  for (let i = 0; i < usd.length; i++) out[i] = (usd[i] as number) * rate;
  return out;
}
