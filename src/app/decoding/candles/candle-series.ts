// Candles as the chart draws them: parallel typed arrays, so the worker transfers them without a copy.
import { CANDLE_FIELDS, type CandleColumns, type DecodedCandles } from "../../../interface/candles.ts";
import type { ChartPoints } from "../chart-points/point-series.ts";

/** One series' candles, oldest first, one per bucket start (Unix seconds, UTC); prices USD. */
export interface ChartCandles {
  times: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  /** In the coin's own units: buy and sell by the taker's side, volume = buy + sell. */
  volume: Float64Array;
  buyVolume: Float64Array;
  sellVolume: Float64Array;
  trades: Float64Array;
  /** null across all exchanges (and when there are no candles to say). */
  exchange: string | null;
  /** "" when there are no candles to say which series it is. */
  symbol: string;
}

/** The columns a chart's candles carry: the bucket starts, then the interface's candle fields. */
export const CANDLE_COLUMNS = ["times", ...CANDLE_FIELDS] as const satisfies readonly (keyof CandleColumns &
  keyof ChartCandles)[];

/** The decoded columns as typed arrays, in time order (the service sends them oldest first already). */
export function chartCandlesOf({ series, candles }: DecodedCandles): ChartCandles {
  const n = candles.times.length;
  let order: number[] | null = null;
  for (let i = 1; i < n; i++) {
    if ((candles.times[i] as number) <= (candles.times[i - 1] as number)) {
      // Out of order or repeated: sorted, the later line of a time winning as a later write would.
      const last = new Map<number, number>();
      for (let k = 0; k < n; k++) last.set(candles.times[k] as number, k);
      order = [...last.entries()].sort((a, b) => a[0] - b[0]).map(([, k]) => k);
      break;
    }
  }
  const column = (values: number[]) =>
    order === null ? Float64Array.from(values) : Float64Array.from(order, (k) => values[k] as number);
  const out = {} as ChartCandles;
  for (const name of CANDLE_COLUMNS) out[name] = column(candles[name]);
  out.exchange = series?.exchange ?? null;
  out.symbol = series?.symbol ?? "";
  return out;
}

const closes = new WeakMap<ChartCandles, ChartPoints>();

/** The closes as chart points sharing the candles' arrays, the same object each time so nothing redraws. */
export function closesOf(candles: ChartCandles): ChartPoints {
  let points = closes.get(candles);
  if (points === undefined) {
    points = {
      times: candles.times,
      values: candles.close,
      exchange: candles.exchange,
      filter: "close",
      symbol: candles.symbol,
    };
    closes.set(candles, points);
  }
  return points;
}

/** Whether a decoded response is candles (not chart points). */
export function isCandles(value: ChartCandles | ChartPoints): value is ChartCandles {
  return "close" in value;
}

/** Every column's buffer, to transfer out of the worker (each column has its own). */
export function candleBuffers(candles: ChartCandles): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const name of CANDLE_COLUMNS) buffers.add(candles[name].buffer as ArrayBuffer);
  return [...buffers];
}
