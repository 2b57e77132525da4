import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawnIndices } from "./decimate.ts";

describe("drawnIndices", () => {
  it("keeps every point of a series within the limit", () => {
    expect([...drawnIndices([3, 1, 2], 10)]).toEqual([0, 1, 2]);
    expect([...drawnIndices([], 10)]).toEqual([]);
  });

  it("keeps each bucket's low and high in time order, and both ends", () => {
    // Two buckets over the inner points 1..8.
    const values = [5, 1, 9, 4, 4, 7, 0, 3, 2, 6];
    const picked = [...drawnIndices(values, 6)];
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(9);
    // Bucket 1..4: low 1 (1), high 2 (9); bucket 5..8: high 5 (7), low 6 (0).
    expect(picked).toEqual([0, 1, 2, 5, 6, 9]);
  });

  it("never exceeds the limit, stays strictly ascending, and keeps the global extremes", () => {
    fc.assert(
      fc.property(
        // size "max": fast-check otherwise keeps arrays to about ten, so buckets held a point or two.
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
          minLength: 1,
          maxLength: 3000,
          size: "max",
        }),
        fc.integer({ min: 4, max: 500 }),
        (values, limit) => {
          const picked = [...drawnIndices(values, limit)];
          expect(picked.length).toBeLessThanOrEqual(Math.max(limit, 0) + (values.length <= limit ? 0 : 2));
          for (let i = 1; i < picked.length; i++) expect(picked[i]).toBeGreaterThan(picked[i - 1] as number);
          const shown = picked.map((i) => values[i] as number);
          expect(Math.min(...shown)).toBe(Math.min(...values));
          expect(Math.max(...shown)).toBe(Math.max(...values));
        },
      ),
      // Shrinking thousands of doubles can take minutes: a failure reports what it has shrunk to by then.
      { interruptAfterTimeLimit: 10_000 },
    );
  });
});
