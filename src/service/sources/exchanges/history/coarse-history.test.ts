// What the longer history plans behind the day of 1-minute candles, and the order it fills it in.
import { describe, expect, it } from "vitest";
import { chunksLeft, nextChunk, planStretches } from "./coarse-history.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const DAY_D = Date.UTC(2026, 10, 20);
/** The 1-minute history starts at 10:34 on day D (its first block ends two minutes later). */
const FINE_START = DAY_D + 10 * HOUR + 34 * 60_000;
const NOW = FINE_START + DAY;

describe("the longer history's plan", () => {
  const [daily, hourly] = planStretches(FINE_START / 1000 + 120, NOW);

  it("fills hours from 90 days before today to the fine history's hour, days from 365 days back to them", () => {
    const today = DAY_D + DAY;
    expect(hourly).toEqual({
      resolution: "1h",
      fromMs: today - 90 * DAY,
      toMs: DAY_D + 10 * HOUR,
      doneFromMs: DAY_D + 10 * HOUR,
      coveredFromMs: {},
    });
    expect(daily).toMatchObject({ resolution: "1d", fromMs: today - 365 * DAY, toMs: today - 90 * DAY });
  });

  it("fills newest first: the fine history's first day alone, then twelve whole days at a time; a year of days at once", () => {
    if (!hourly || !daily) throw new Error("no plan");
    const chunks: { fromMs: number; toMs: number }[] = [];
    for (let s = { ...hourly }, c = nextChunk(s); c; c = nextChunk(s)) {
      chunks.push(c);
      s = { ...s, doneFromMs: c.fromMs };
    }
    expect(chunks.slice(0, 3)).toEqual([
      { fromMs: DAY_D, toMs: DAY_D + 10 * HOUR },
      { fromMs: DAY_D - 12 * DAY, toMs: DAY_D },
      { fromMs: DAY_D - 24 * DAY, toMs: DAY_D - 12 * DAY },
    ]);
    // 89 whole days behind day D: seven chunks of twelve and one of five.
    expect(chunks.at(-1)).toEqual({ fromMs: hourly.fromMs, toMs: DAY_D - 84 * DAY });
    expect(chunksLeft(hourly)).toBe(chunks.length);
    expect(chunks).toHaveLength(9);
    expect(nextChunk(daily)).toEqual({ fromMs: daily.fromMs, toMs: daily.toMs });
    expect(chunksLeft(daily)).toBe(1);
    expect(nextChunk({ ...daily, doneFromMs: daily.fromMs })).toBeNull();
  });

  it("plans no hours where the fine history already reaches back 90 days", () => {
    const [longDaily, longHourly] = planStretches((NOW - 100 * DAY) / 1000 + 120, NOW);
    expect(longHourly && longHourly.toMs - longHourly.fromMs).toBe(0);
    expect(longDaily?.toMs).toBe(Math.floor((NOW - 100 * DAY) / DAY) * DAY);
  });
});
