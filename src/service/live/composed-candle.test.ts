import { describe, expect, it } from "vitest";
import { type CandleColumns, emptyCandles } from "../../interface/candles.ts";
import type { LiveCandle } from "../../interface/live-events.ts";
import { combineCandles } from "../store/candle-buckets.ts";
import { ComposedCandle } from "./composed-candle.ts";

// 5-minute buckets from T; a bucket holds the 120 s blocks that start in it.
const T = 1_795_000_200; // a multiple of 600: a bucket and a block start together
const iso = (s: number) => new Date(s * 1000).toISOString();

function block(startS: number, price: number, trades = 1): LiveCandle {
  return {
    start: iso(startS),
    open: price,
    high: price + 1,
    low: price - 1,
    close: price,
    volume: trades,
    buyVolume: trades,
    sellVolume: 0,
    trades,
  };
}

function columns(...candles: LiveCandle[]): CandleColumns {
  const c = emptyCandles();
  for (const b of candles) {
    c.times.push(Date.parse(b.start) / 1000);
    c.open.push(b.open);
    c.high.push(b.high);
    c.low.push(b.low);
    c.close.push(b.close);
    c.volume.push(b.volume);
    c.buyVolume.push(b.buyVolume);
    c.sellVolume.push(b.sellVolume);
    c.trades.push(b.trades);
  }
  return c;
}

/** The candles endpoint's candle of these blocks. */
function endpointCandle(...blocks: LiveCandle[]) {
  const c = combineCandles(columns(...blocks), "5m", 1);
  return { start: iso(c.times[0] as number), open: c.open[0], close: c.close[0], trades: c.trades[0] };
}

const close = (startS: number, candle: LiveCandle | null, n: number) => ({
  startS,
  candle,
  id: `${startS * 1000 + 120_000}-${n}`,
  time: iso(startS + 120),
});

describe("ComposedCandle", () => {
  it("reads the bucket before the forming one too, complete, for a follower that comes just after it closed", () => {
    // At T + 370 s the forming block starts at T + 360, in bucket T + 300: bucket T is complete.
    const composed = new ComposedCandle("BTC", null, "5m", T + 370);
    expect(composed.bucket.start).toBe(T + 300);
    expect(composed.previousStart).toBe(T);
    const stored = [block(T, 10), block(T + 120, 11), block(T + 240, 12)];
    expect(composed.ready).toBe(false);
    composed.stored(columns(...stored), emptyCandles());
    expect(composed.ready).toBe(true);
    expect(composed.previousCandle()).toMatchObject(endpointCandle(...stored));
    expect(composed.candle()).toBeNull();
    expect(composed.form(block(T + 360, 13), "1-1")).toBe(true);
    expect(composed.candle()).toMatchObject({ start: iso(T + 300), open: 13, close: 13 });
  });

  it("completes a bucket with its last block's close, and keeps it as the bucket before", () => {
    const composed = new ComposedCandle("BTC", null, "5m", T + 10);
    composed.stored(emptyCandles(), emptyCandles());
    expect(composed.previous).toBeNull();
    expect(composed.close(close(T, block(T, 10), 1))).toBe("changed");
    expect(composed.close(close(T + 120, block(T + 120, 11), 2))).toBe("changed");
    // A forming candle of another bucket than the one forming is left to its block's close.
    expect(composed.form(block(T + 360, 99), "3-0")).toBe(false);
    expect(composed.form(block(T + 240, 12), "3-1")).toBe(true);
    expect(composed.close(close(T + 240, block(T + 240, 12, 2), 3))).toBe("completed");
    expect(composed.previousCandle()).toMatchObject(
      endpointCandle(block(T, 10), block(T + 120, 11), block(T + 240, 12, 2)),
    );
    expect(composed.previous?.id).toBe(close(T + 240, null, 3).id);
    expect(composed.bucket.start).toBe(T + 300);
    expect(composed.candle()).toBeNull();
  });

  it("takes a late close of the bucket before into it (corrected), and no block twice", () => {
    // Made while the last block of bucket T had ended by the clock but its close was not routed yet.
    const composed = new ComposedCandle("BTC", null, "5m", T + 361);
    composed.stored(columns(block(T, 10), block(T + 120, 11)), emptyCandles());
    expect(composed.previousCandle()?.trades).toBe(2);
    // The store had it when read: not taken twice.
    expect(composed.close(close(T + 120, block(T + 120, 11), 1))).toBe("unchanged");
    expect(composed.close(close(T + 240, block(T + 240, 12, 5), 2))).toBe("corrected");
    expect(composed.previousCandle()).toMatchObject(
      endpointCandle(block(T, 10), block(T + 120, 11), block(T + 240, 12, 5)),
    );
    expect(composed.bucket.start).toBe(T + 300);
  });

  it("takes the closes that came while the store was read after it, in order, once each", () => {
    const composed = new ComposedCandle("BTC", null, "5m", T + 130);
    expect(composed.close(close(T + 120, block(T + 120, 11), 1))).toBe("unchanged");
    expect(composed.close(close(T + 240, block(T + 240, 12), 2))).toBe("unchanged");
    // The store had the first of them already.
    composed.stored(emptyCandles(), columns(block(T, 10), block(T + 120, 11)));
    expect(composed.bucket.start).toBe(T + 300);
    expect(composed.previousCandle()).toMatchObject(
      endpointCandle(block(T, 10), block(T + 120, 11), block(T + 240, 12)),
    );
  });
});
