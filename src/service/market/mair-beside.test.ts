import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MairFilter, MovingAverageFilter } from "./filters.ts";
import { MairBesideMovingAverage } from "./mair-beside.ts";

const T0 = Date.UTC(2016, 7, 15);
const trade = (timeMs: number, estimatedUSDPrice: number) => ({ timeMs, estimatedUSDPrice });

describe("MAIR120 made beside the MA120 (a seed's trades in time order)", () => {
  // Blocks of trades: each trade an offset in ms within its block and a price from a few levels (so that
  // runs of equal prices, replaced samples and the previous price recurring all happen); some blocks empty.
  const blocks = fc.array(
    fc.array(fc.tuple(fc.integer({ min: 0, max: 119_999 }), fc.integer({ min: 0, max: 6 })), {
      maxLength: 40,
    }),
    { minLength: 1, maxLength: 12 },
  );

  it("equals MairFilter to the last bit, block after block, and leaves it as its own close would", () => {
    fc.assert(
      fc.property(blocks, fc.integer({ min: 0, max: 3 }), (bs, objectBlock) => {
        const reference = new MairFilter(T0);
        const referenceMa = new MovingAverageFilter(T0);
        const mair = new MairFilter(T0);
        const ma = new MovingAverageFilter(T0);
        const beside = new MairBesideMovingAverage(mair, ma);
        bs.forEach((offsets, b) => {
          const start = T0 + b * 120_000;
          const trades = offsets
            .map(([o, level]) => trade(start + o, 100 + level * 0.25))
            .sort((x, y) => x.timeMs - y.timeMs);
          for (const t of trades) {
            reference.compute(t);
            referenceMa.compute(t);
            // One block in a few goes through the MairFilter itself, as the kept hour of a seed does.
            if (b === objectBlock) {
              mair.compute(t);
              ma.compute(t);
            } else beside.computeAt(t.timeMs, t.estimatedUSDPrice);
          }
          expect(beside.closeBlock()).toBe(reference.closeBlock());
          expect(ma.closeBlock(start + 120_000)).toBe(referenceMa.closeBlock(start + 120_000));
        });
      }),
    );
  });

  it("refuses trades out of time order", () => {
    const beside = new MairBesideMovingAverage(new MairFilter(T0), new MovingAverageFilter(T0));
    beside.computeAt(T0 + 5000, 100);
    expect(() => beside.computeAt(T0 + 4000, 101)).toThrow(/out of time order/);
  });
});
