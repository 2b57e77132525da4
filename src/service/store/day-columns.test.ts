import { describe, expect, it } from "vitest";
import { emptyCandles } from "../../interface/candles.ts";
import { roundPrice } from "./block-rounding.ts";
import { appendDayCandles, appendDayPoints, DayColumns, decodeDayBlocks } from "./day-columns.ts";
import type { BlockRow } from "./store.ts";

const DAY = 20_000;
const START = DAY * 86_400;
const INTEGERS = 0;
const RAW = 1;

/** A seeded generator (mulberry32): the same days on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function emptyBlock(slot: number, ma120: number): BlockRow {
  return {
    series: 7,
    time: START + 120 * (slot + 1),
    ma120,
    mair120: null,
    medir120: null,
    lastTradeOffset: null,
    volumeUSD: 0,
    trades: 0,
    open: null,
    high: null,
    low: null,
    close: null,
    buyVolume: 0,
    sellVolume: 0,
    tradesLeftOut: 0,
  };
}

/** A day as the aggregator makes it: prices to 9 significant digits, amounts to 4–8 decimals. */
function day(
  options: { traded?: number; price?: number; slots?: number[]; seed?: number; continuous?: boolean } = {},
): BlockRow[] {
  const next = random(options.seed ?? 1);
  const amount = () => {
    const d = 4 + Math.floor(next() * 5);
    return Math.round((0.5 + next() * 19.5) * 10 ** d) / 10 ** d;
  };
  let ma = options.price ?? 90_000;
  let lastClose = ma;
  const slots = options.slots ?? Array.from({ length: 720 }, (_, s) => s);
  return slots.map((slot) => {
    if (next() >= (options.traded ?? 1)) return emptyBlock(slot, roundPrice(ma));
    ma *= 1 + 3e-4 * (next() * 2 - 1);
    // Continuous: a block opens near the last close (as markets do), and closes near its open.
    const open = options.continuous ? lastClose * (1 + 1e-5 * next()) : ma * (1 + 5e-4 * (next() * 2 - 1));
    const close = options.continuous ? open * (1 + 1e-5 * next()) : ma * (1 + 5e-4 * (next() * 2 - 1));
    lastClose = close;
    const outlier = next() < 0.02 ? 1.05 : 1;
    return {
      ...emptyBlock(slot, roundPrice(ma)),
      mair120: roundPrice(ma * (1 + 1e-4 * (next() - 0.5))),
      medir120: roundPrice(ma * (1 + 1e-4 * (next() - 0.5))),
      lastTradeOffset: Math.floor(next() * 120),
      volumeUSD: 1,
      trades: 20 + Math.floor(next() * 181),
      open: roundPrice(open),
      high: roundPrice(Math.max(open, close, ma * (1 + 1e-3 * next())) * outlier),
      low: roundPrice(Math.min(open, close, ma * (1 - 1e-3 * next()))),
      close: roundPrice(close),
      buyVolume: amount(),
      sellVolume: amount(),
      tradesLeftOut: Math.floor(next() * 6),
    };
  });
}

function pack(rows: readonly BlockRow[]): Uint8Array {
  const columns = new DayColumns(7, DAY);
  for (const row of rows) columns.add(row);
  return columns.data;
}

/** Packs and decodes; expects every figure back (volumeUSD, which is not packed, as 0). */
function roundTrip(rows: readonly BlockRow[]): Uint8Array {
  const data = pack(rows);
  expect(decodeDayBlocks(data, 7, DAY)).toEqual(rows.map((row) => ({ ...row, volumeUSD: 0 })));
  return data;
}

describe("roundPrice", () => {
  it("keeps nine significant digits, as the short decimal", () => {
    expect(roundPrice(90_123.456_789_123)).toBe(90_123.4568);
    expect(roundPrice(0.1 + 0.2)).toBe(0.3);
    expect(String(roundPrice(0.000_123_456_789_987))).toBe("0.00012345679");
    expect(roundPrice(1_234_567_890_123)).toBe(1_234_567_890_000);
    expect(roundPrice(0)).toBe(0);
  });
});

describe("packed days", () => {
  it("give back every figure of a busy day exactly, in ~28 bytes a block", () => {
    const data = roundTrip(day());
    expect(data[0]).toBe(1);
    expect(data[1]).toBe(INTEGERS);
    expect(data.length / 720).toBeLessThan(29);
  });

  it("give back a day whose opens follow the previous closes (predicted from them)", () => {
    const data = roundTrip(day({ continuous: true, traded: 0.7 }));
    expect(data.length / 720).toBeLessThan(20);
  });

  it("give back a thin day (trades in 10% of blocks, nulls elsewhere) in a few bytes a block", () => {
    const rows = day({ traded: 0.1, price: 0.012_345_6 });
    expect(rows.filter((r) => r.open === null).length).toBeGreaterThan(600);
    const data = roundTrip(rows);
    expect(data[1]).toBe(INTEGERS);
    expect(data.length / 720).toBeLessThan(4);
  });

  it("give back a series that starts mid-day, and one with scattered blocks", () => {
    roundTrip(day({ slots: Array.from({ length: 420 }, (_, i) => 300 + i) }));
    roundTrip(day({ slots: [0, 5, 6, 7, 300, 719], traded: 0.5 }));
    roundTrip(day({ slots: [42], traded: 0 }));
  });

  it("give back prices of many decades in one day, and prices of a billion and more", () => {
    const rows = day({ seed: 2 });
    rows[10] = { ...(rows[10] as BlockRow), high: 123_456_789 }; // 17 decimal digits as an integer of the day
    roundTrip(rows);
    roundTrip(day({ price: 1.234_567_89e12, seed: 3 }));
  });

  it("fall back to raw doubles, losslessly, for a day the integers cannot hold", () => {
    const unrounded = day({ seed: 4 });
    unrounded[3] = { ...(unrounded[3] as BlockRow), close: 0.1 + 0.2 };
    expect(roundTrip(unrounded)[1]).toBe(RAW);
    const tooWide = day({ seed: 5, price: 1e-6 });
    tooWide[3] = { ...(tooWide[3] as BlockRow), high: 1e11 }; // 1e11 / 1e-14 is past 2^53
    expect(roundTrip(tooWide)[1]).toBe(RAW);
    const inconsistent = day({ seed: 6 });
    inconsistent[3] = { ...(inconsistent[3] as BlockRow), mair120: null };
    expect(roundTrip(inconsistent)[1]).toBe(RAW);
    const huge = day({ seed: 7 });
    huge[3] = { ...(huge[3] as BlockRow), buyVolume: 2 ** 48 };
    expect(roundTrip(huge)[1]).toBe(RAW);
  });

  it("round amounts finer than 8 decimals (a double sum's last-digit error) to 8", () => {
    const rows = day({ slots: [0] });
    rows[0] = { ...(rows[0] as BlockRow), buyVolume: 1.123_456_789, sellVolume: 0.1 + 0.2 };
    const [block] = decodeDayBlocks(pack(rows), 7, DAY);
    expect(block?.buyVolume).toBe(1.123_456_79);
    expect(block?.sellVolume).toBe(0.3);
  });

  it("refuse a blob of an unknown format version, saying so", () => {
    const data = pack(day({ slots: [0] }));
    data[0] = 9;
    expect(() => decodeDayBlocks(data, 7, DAY)).toThrow(
      /series 7, packed day 20000: packed in format version 9/,
    );
    expect(() => appendDayPoints([{ day: DAY, data }], "MA120", 0, 2e9, { times: [], values: [] })).toThrow(
      /format version 9.*re-seed/,
    );
  });

  it("refuse a row of another day", () => {
    expect(() => new DayColumns(7, DAY).add(emptyBlock(720, 1))).toThrow(/not one of day 20000/);
  });
});

describe("points and candles of packed days", () => {
  const rows = day({ traded: 0.5, seed: 8 });
  const days = [{ day: DAY, data: pack(rows) }];
  const traded = rows.filter((r) => r.open !== null);

  it("give MA120 at block ends and MAIR120 at the last trade, within [from, to] inclusive", () => {
    const from = START + 120 * 100;
    const to = START + 120 * 200;
    const ma = { times: [] as number[], values: [] as number[] };
    appendDayPoints(days, "MA120", from, to, ma);
    const expected = rows.filter((r) => r.time >= from && r.time <= to);
    expect(ma.times).toEqual(expected.map((r) => r.time));
    expect(ma.values).toEqual(expected.map((r) => r.ma120));
    expect(ma.times[0]).toBe(from);
    expect(ma.times.at(-1)).toBe(to);

    const mair = { times: [] as number[], values: [] as number[] };
    appendDayPoints(days, "MAIR120", from, to, mair);
    const at = (r: BlockRow) => r.time - 120 + (r.lastTradeOffset as number);
    const withTrades = traded.filter((r) => at(r) >= from && at(r) <= to);
    expect(mair.times).toEqual(withTrades.map(at));
    expect(mair.values).toEqual(withTrades.map((r) => r.mair120));
    appendDayPoints(days, "MEDIR120", START - 86_400, START - 1, mair);
    expect(mair.times.length).toBe(withTrades.length);
  });

  it("give candles at block starts, only of blocks with trades, within [from, to] inclusive", () => {
    const first = traded[3] as BlockRow;
    const last = traded[40] as BlockRow;
    const candles = emptyCandles();
    appendDayCandles(days, first.time - 120, last.time - 120, candles);
    const expected = traded.slice(3, 41);
    expect(candles.times).toEqual(expected.map((r) => r.time - 120));
    expect(candles.open).toEqual(expected.map((r) => r.open));
    expect(candles.high).toEqual(expected.map((r) => r.high));
    expect(candles.low).toEqual(expected.map((r) => r.low));
    expect(candles.close).toEqual(expected.map((r) => r.close));
    expect(candles.buyVolume).toEqual(expected.map((r) => r.buyVolume));
    expect(candles.sellVolume).toEqual(expected.map((r) => r.sellVolume));
    expect(candles.trades).toEqual(expected.map((r) => r.trades));
  });

  it("sum buy and sell volumes as decimals, not as doubles", () => {
    const block = { ...(day({ slots: [0] })[0] as BlockRow), buyVolume: 0.1, sellVolume: 0.2 };
    const other = {
      ...(day({ slots: [1], seed: 9 })[0] as BlockRow),
      buyVolume: 1.5,
      sellVolume: 0.000_000_07,
    };
    const candles = emptyCandles();
    appendDayCandles([{ day: DAY, data: pack([block, other]) }], START, START + 120, candles);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(candles.volume).toEqual([0.3, 1.500_000_07]);
  });
});
