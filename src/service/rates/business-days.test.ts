import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, fromDayNumber, toDayNumber } from "../../interface/iso-day.ts";
import { isBusinessDay, isBusinessDayNumber, nextBusinessDay } from "./business-days.ts";

/** Days since the epoch as ISO dates, 1900–2199: the range the histories and the service can ask for. */
const dayNumbers = fc.integer({ min: toDayNumber("1900-01-01"), max: toDayNumber("2199-12-31") });

function referenceIso(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

describe("isBusinessDay", () => {
  it("is true Monday to Friday", () => {
    for (const date of ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]) {
      expect(isBusinessDay(date)).toBe(true);
    }
  });

  it("skips weekends", () => {
    expect(isBusinessDay("2026-11-21")).toBe(false);
    expect(isBusinessDay("2026-11-22")).toBe(false);
  });

  it("skips 1 January and 25 December on weekdays, but not the days around them", () => {
    expect(isBusinessDay("2025-12-25")).toBe(false); // a Thursday
    expect(isBusinessDay("2026-01-01")).toBe(false); // a Thursday
    expect(isBusinessDay("2025-12-24")).toBe(true);
    expect(isBusinessDay("2025-12-26")).toBe(true);
    expect(isBusinessDay("2026-01-02")).toBe(true);
  });

  it("agrees with a Date-based reference on every day", () => {
    fc.assert(
      fc.property(dayNumbers, (day) => {
        const date = new Date(day * 86_400_000);
        const weekday = date.getUTCDay();
        const monthDay = date.toISOString().slice(5, 10);
        const expected = weekday !== 0 && weekday !== 6 && monthDay !== "01-01" && monthDay !== "12-25";
        expect(isBusinessDayNumber(day)).toBe(expected);
        expect(isBusinessDay(referenceIso(day))).toBe(expected);
      }),
    );
  });
});

describe("nextBusinessDay", () => {
  it("goes from Friday, Saturday and Sunday to Monday", () => {
    expect(nextBusinessDay("2026-11-20")).toBe("2026-11-23");
    expect(nextBusinessDay("2026-11-21")).toBe("2026-11-23");
    expect(nextBusinessDay("2026-11-22")).toBe("2026-11-23");
  });

  it("goes from Monday to Tuesday", () => {
    expect(nextBusinessDay("2026-11-16")).toBe("2026-11-17");
  });

  it("jumps over Christmas and New Year", () => {
    expect(nextBusinessDay("2025-12-24")).toBe("2025-12-26");
    expect(nextBusinessDay("2025-12-31")).toBe("2026-01-02");
    expect(nextBusinessDay("2021-12-31")).toBe("2022-01-03"); // Friday, then a weekend
  });

  it("is always a later business day with only non-business days in between", () => {
    fc.assert(
      fc.property(dayNumbers, (day) => {
        const date = fromDayNumber(day);
        const next = nextBusinessDay(date);
        expect(isBusinessDay(next)).toBe(true);
        const gap = daysBetween(date, next);
        expect(gap).toBeGreaterThanOrEqual(1);
        expect(gap).toBeLessThanOrEqual(4);
        for (let k = 1; k < gap; k++) expect(isBusinessDay(addDays(date, k))).toBe(false);
      }),
    );
  });
});
