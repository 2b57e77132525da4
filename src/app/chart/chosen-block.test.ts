import { describe, expect, it } from "vitest";
import { blockOfPoint, blocksPerPoint, indexAt } from "./chosen-block.ts";

// 2026-11-22T12:00:00Z, a whole hour (and so a multiple of 120 s).
const HOUR = 1_795_348_800;
const LATER = HOUR + 86_400;

describe("blockOfPoint", () => {
  it("takes a raw candle's time (its block's start) as is, and a raw point's (its block's end) a block back", () => {
    expect(blockOfPoint(HOUR, "raw", true, LATER)).toBe(HOUR);
    expect(blockOfPoint(HOUR, "raw", false, LATER)).toBe(HOUR - 120);
  });

  it("takes a scaled bucket's last block", () => {
    // An hour of candles holds the blocks starting 12:00 … 12:58; of points, those ending 12:00 … 12:58.
    expect(blockOfPoint(HOUR, "1h", true, LATER)).toBe(HOUR + 3600 - 120);
    expect(blockOfPoint(HOUR, "1h", false, LATER)).toBe(HOUR + 3600 - 240);
    // 5 minutes is not a whole number of blocks: [12:00, 12:05) holds the blocks starting 12:00, 12:02
    // and 12:04.
    expect(blockOfPoint(HOUR, "5m", true, LATER)).toBe(HOUR + 240);
  });

  it("is the newest block (null) for a block not made yet", () => {
    expect(blockOfPoint(HOUR, "raw", true, HOUR + 60)).toBeNull();
    expect(blockOfPoint(HOUR, "raw", true, HOUR + 122)).toBeNull();
    expect(blockOfPoint(HOUR, "raw", true, HOUR + 130)).toBe(HOUR);
    expect(blockOfPoint(HOUR, "1h", true, HOUR + 1800)).toBeNull();
  });
});

describe("blocksPerPoint and indexAt", () => {
  it("count a bucket's blocks", () => {
    expect(blocksPerPoint("raw")).toBe(1);
    expect(blocksPerPoint("1h")).toBe(30);
  });

  it("find a time's point, or the nearest before it", () => {
    const times = [100, 220, 340];
    expect(indexAt(times, 220)).toBe(1);
    expect(indexAt(times, 300)).toBe(1);
    expect(indexAt(times, 50)).toBe(0);
    expect(indexAt(times, 999)).toBe(2);
  });
});
