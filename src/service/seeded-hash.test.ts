import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashSeed, hashString, mix32 } from "./seeded-hash.ts";

describe("seeded hashes", () => {
  it("give unsigned 32-bit values", () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (n, s) => {
        for (const h of [mix32(n), hashString(s), hashSeed(n)]) {
          expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
        }
      }),
    );
  });

  it("tell apart seeds that differ only above 2^32 or below the point", () => {
    const seeds = [7, 7 + 2 ** 32, 7 + 2 ** 40, 7.5, 7.25, -7];
    expect(new Set(seeds.map(hashSeed)).size).toBe(seeds.length);
  });

  it("spread neighbouring keys over all the bits", () => {
    // Consecutive inputs must not give consecutive outputs: each output bit is set about half the time.
    const ones = new Array<number>(32).fill(0);
    for (let i = 0; i < 4096; i++) {
      const h = mix32(i);
      for (let b = 0; b < 32; b++) ones[b] = (ones[b] ?? 0) + ((h >>> b) & 1);
    }
    for (const count of ones) expect(count / 4096).toBeGreaterThan(0.45);
    for (const count of ones) expect(count / 4096).toBeLessThan(0.55);
  });
});
