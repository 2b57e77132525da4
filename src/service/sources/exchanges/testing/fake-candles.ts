// Candles of a long span for the fakes, made cheaply from a deterministic function of time: a year of
// hourly candles is 8,760 objects, never the half a million minutes they stand for. Rising and falling
// candles alternate irregularly, so both of a candle's paths through a block (low first, high first) and
// both taker sides occur.
import { type FakeCandle, type FakeInterval, INTERVAL_MS } from "./fake-protocol.ts";

/** The price level of a pair at a time: a slow wave around `level` (a few per cent over weeks). */
function priceAt(level: number, timeMs: number): number {
  return level * (1 + 0.04 * Math.sin(timeMs / (9 * 86_400_000)) + 0.01 * Math.sin(timeMs / 7_200_000));
}

const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * Candles of `interval` for `pair` opening in [fromMs, toMs), on the interval's UTC boundaries, oldest first:
 * open at the level of its start, close at its end's, high and low a little beyond both.
 */
export function fakeCandles(
  pair: string,
  interval: FakeInterval,
  fromMs: number,
  toMs: number,
  level = 60_000,
): FakeCandle[] {
  const step = INTERVAL_MS[interval];
  const candles: FakeCandle[] = [];
  for (let openMs = Math.ceil(fromMs / step) * step; openMs < toMs; openMs += step) {
    const k = openMs / step;
    const open = cents(priceAt(level, openMs));
    const close = cents(priceAt(level, openMs + step));
    candles.push({
      pair,
      interval,
      openMs,
      open,
      high: cents(Math.max(open, close) * 1.002),
      low: cents(Math.min(open, close) * 0.998),
      close,
      volume: Number(
        (1 + (k % 13) * 0.25 + (interval === "1d" ? 100 : interval === "1h" ? 5 : 0)).toFixed(8),
      ),
    });
  }
  return candles;
}
