import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** The reference's tests compare within 1e-4. */
const expectNear = (actual: number | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(1e-4);

import { MairFilter, MedirFilter, MovingAverageFilter } from "./filters.ts";
import { mean, removeOutliers } from "./outliers.ts";

const T0 = Date.UTC(2016, 7, 15);
const trade = (timeMs: number, estimatedUSDPrice: number) => ({ timeMs, estimatedUSDPrice });

describe("MA120 (ported with the reference's FilterMA_test vectors)", () => {
  it("is stable on a constant price and then follows the reference's fill arithmetic (53.25)", () => {
    const f = new MovingAverageFilter(T0, 4);
    let d = T0;
    let p = 50;
    for (let i = 0; i <= 4; i++, d += 1000) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(50);
    for (let i = 0; i <= 4; i++, d += 1000, p += 1) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(53.25);
  });

  it("forward-fills two-second gaps as the reference does (56.4)", () => {
    const f = new MovingAverageFilter(T0, 10);
    let d = T0;
    let p = 50;
    for (let i = 0; i <= 10; i++, d += 2000) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(50);
    for (let i = 0; i <= 10; i++, d += 2000, p += 1) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(56.4);
  });

  it("ignores trades that go back in time", () => {
    const f = new MovingAverageFilter(T0, 10);
    let d = T0;
    for (let i = 0, p = 50; i <= 10; i++, d -= 1000, p += 1) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(50);
  });

  it("is time-weighted: a price held for longer weighs more", () => {
    const f = new MovingAverageFilter(T0);
    f.compute(trade(T0 + 1000, 100));
    f.compute(trade(T0 + 100_000, 200));
    const v = f.finalCompute(T0 + 120_000);
    // 100 holds ~99 s, 200 holds ~20 s of the block.
    expect(v?.value).toBeGreaterThan(110);
    expect(v?.value).toBeLessThan(125);
    expect(v?.timeMs).toBe(T0 + 120_000);
  });

  it("carries on through a block without trades and is null before the first trade", () => {
    const f = new MovingAverageFilter(T0);
    expect(f.finalCompute(T0 + 120_000)).toBeNull();
    f.compute(trade(T0 + 130_000, 42));
    expect(f.finalCompute(T0 + 240_000)?.value).toBe(42);
    expect(f.finalCompute(T0 + 360_000)).toEqual({ value: 42, timeMs: T0 + 360_000 });
  });
});

describe("MAIR120 (the reference's FilterMAIR_test vectors)", () => {
  const run = (samples: number[], memory = 20) => {
    const f = new MairFilter(T0, memory);
    for (const [i, p] of samples.entries()) f.compute(trade(T0 + i * 1000, p));
    return f.finalCompute();
  };

  it("averages the samples with the last trade added once more, outliers removed", () => {
    expect(run([50, 50, 50, 200, 50, 50, 50])?.value).toBe(50);
    expectNear(run([6, 3, 2, 4, 5, 1])?.value, 3.1428);
    expect(run([1])?.value).toBe(1);
    expect(run([])).toBeNull();
    expect(
      run([10.2, 14.1, 14.4, 14.4, 14.4, 14.5, 14.5, 14.6, 14.7, 14.7, 14.7, 14.9, 15.1, 15.9, 16.4])?.value,
    ).toBeCloseTo(14.5833, 4);
    expectNear(run([24, 25, 21, 23, 49, 29, 33])?.value, 26.8571);
    expect(run([0, 0, 0])?.value).toBe(0);
  });

  it("keeps only the newest samples of its memory (62.8)", () => {
    const prices = Array.from({ length: 15 }, (_, i) => 50 + i);
    expect(run(prices, 5)?.value).toBe(62.8);
  });

  it("averages a rising series with the last price counted twice", () => {
    const prices = Array.from({ length: 15 }, (_, i) => 50 + i);
    const expected = (prices.reduce((a, b) => a + b, 0) + 64) / 16;
    expect(run(prices, 30)?.value).toBe(expected);
  });

  it("ignores trades that go back in time", () => {
    const f = new MairFilter(T0, 10);
    for (let i = 0; i <= 10; i++) f.compute(trade(T0 - i * 1000, 50 + i));
    expect(f.finalCompute()?.value).toBe(50);
  });

  it("is stamped at the last trade and starts the next block from the last price", () => {
    const f = new MairFilter(T0);
    f.compute(trade(T0 + 5_500, 10));
    f.compute(trade(T0 + 65_250, 12));
    expect(f.finalCompute()?.timeMs).toBe(T0 + 65_250);
    expect(f.finalCompute()).toBeNull();
    f.compute(trade(T0 + 125_000, 12));
    expect(f.finalCompute()?.value).toBe(12);
  });

  it("equals the IQR-trimmed mean of the expanded per-second samples", () => {
    // Independent model: one sample per second, forward-filled, memory 120, then the extra last sample.
    // Up to 20 trades make up to 22 runs of samples, which are sorted by merging beyond 16 (size "max":
    // fast-check otherwise stops at 14 trades, whose runs are sorted by insertion).
    const tradesArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 119 }), { minLength: 2, maxLength: 20, size: "max" })
      .chain((secs) =>
        fc.tuple(
          fc.constant(secs.sort((a, b) => a - b)),
          fc.array(fc.double({ min: 90, max: 110, noNaN: true }), {
            minLength: secs.length,
            maxLength: secs.length,
          }),
        ),
      );
    fc.assert(
      fc.property(tradesArb, ([secs, prices]) => {
        const f = new MairFilter(T0);
        for (const [i, s] of secs.entries()) f.compute(trade(T0 + s * 1000, prices[i] as number));
        // Model of the reference fill: the first trade fills its own price back to the start; a gap of
        // d seconds adds max(d − 1, 1) samples, the last being the new price.
        const samples: number[] = [];
        const first = secs[0] as number;
        for (let k = 0; k < Math.max(first - 1, 1); k++) samples.push(prices[0] as number);
        for (let i = 1; i < secs.length; i++) {
          const d = (secs[i] as number) - (secs[i - 1] as number);
          for (let k = 0; k < Math.max(d - 1, 1) - 1; k++) samples.push(prices[i - 1] as number);
          samples.push(prices[i] as number);
        }
        samples.push(prices[prices.length - 1] as number);
        const expected = mean(removeOutliers(samples.slice(-120)));
        expect(f.finalCompute()?.value).toBeCloseTo(expected, 8);
      }),
    );
  });
});

describe("MEDIR120 (the reference's FilterMEDIR_test vectors)", () => {
  const run = (samples: number[]) => {
    const f = new MedirFilter(20);
    for (const [i, p] of samples.entries()) f.compute(trade(T0 + i * 1000, p));
    return f.finalCompute()?.value ?? null;
  };

  it("takes the median of the block's trades after removing outliers", () => {
    expect(
      run([10.2, 14.1, 14.4, 14.4, 14.4, 14.5, 14.5, 14.6, 14.7, 14.7, 14.7, 14.9, 15.1, 15.9, 16.4]),
    ).toBe(14.55);
    expect(run([])).toBeNull();
    expect(run([24, 25, 21, 23, 49, 29, 33])).toBe(24.5);
    expect(run([0, 0, 0])).toBe(0);
    expect(run([0, 0, 0, 0])).toBe(0);
    expect(run([50, 50, 50, 200, 50, 50, 50])).toBe(50);
  });

  it("keeps the newest 120 trades and starts empty each block", () => {
    const f = new MedirFilter();
    for (let i = 0; i < 200; i++) f.compute(trade(T0 + i * 100, i < 80 ? 1 : 5));
    expect(f.finalCompute()?.value).toBe(5);
    expect(f.finalCompute()).toBeNull();
  });
});
