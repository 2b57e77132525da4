import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RADIX, radixSortIndexes } from "./radix-sort.ts";

const MAX_KEY = 2 ** 18 - 1;
const CAPACITY = 1024;

/** The indexes of `keys` in key order, ties in index order (Array.prototype.sort is stable). */
function expectedOrder(keys: readonly number[]): number[] {
  return keys.map((_, i) => i).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
}

describe("radixSortIndexes", () => {
  // Buffers shared by every run, as the simulator reuses its own: leftovers of a run must not matter.
  const keys = new Int32Array(CAPACITY);
  const order = new Int32Array(CAPACITY);
  const scratch = new Int32Array(CAPACITY);
  const counts = new Int32Array(RADIX);

  function sort(values: readonly number[]): number[] {
    keys.set(values);
    radixSortIndexes(keys, values.length, order, scratch, counts);
    return Array.from(order.subarray(0, values.length));
  }

  it("orders by key over the whole key range, keeping equal keys in index order", () => {
    const anyKey = fc.integer({ min: 0, max: MAX_KEY });
    // Few distinct keys, and keys that differ only in the high or only in the low 9 bits, to force ties.
    const tiedKey = fc.oneof(
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 0, max: 5 }).map((k) => k << 9),
      fc.constantFrom(0, 511, 512, 1023, MAX_KEY),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(anyKey, tiedKey), { maxLength: CAPACITY }), (values) => {
        expect(sort(values)).toEqual(expectedOrder(values));
      }),
      { numRuns: 300 },
    );
  });

  it("sorts nothing when n is 0 and only the first n keys otherwise", () => {
    keys.fill(7);
    order.fill(-1);
    radixSortIndexes(keys, 0, order, scratch, counts);
    expect(order[0]).toBe(-1);
    keys.set([9, 3, 5, 0]);
    radixSortIndexes(keys, 3, order, scratch, counts);
    expect(Array.from(order.subarray(0, 4))).toEqual([1, 2, 0, -1]);
  });
});
