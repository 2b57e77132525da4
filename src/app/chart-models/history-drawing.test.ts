import { describe, expect, it } from "vitest";
import { countBefore, olderBars } from "./history-drawing.ts";

describe("history in front of a series", () => {
  it("counts the older part and how many bars it becomes", () => {
    expect(countBefore(Float64Array.from([1, 2, 3, 5, 8]), 4)).toBe(3);
    expect(countBefore(Float64Array.from([5, 8]), 4)).toBe(0);
    expect(olderBars(720, 720, 720)).toBe(720);
    expect(olderBars(2000, 40_000, 10_000)).toBe(500);
  });
});
