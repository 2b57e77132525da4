import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, fromDayNumber, isIsoDay, parseIsoDay, toDayNumber } from "./iso-day.ts";

/** Days since the epoch as ISO days, 1900–2199: the range the histories and the service can ask for. */
const dayNumbers = fc.integer({ min: toDayNumber("1900-01-01"), max: toDayNumber("2199-12-31") });

function referenceIso(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

describe("reading a day", () => {
  it("accepts real calendar days written yyyy-mm-dd only", () => {
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2023-02-29")).toBe(false);
    expect(isIsoDay("2024-04-31")).toBe(false);
    expect(isIsoDay("2024-13-01")).toBe(false);
    expect(isIsoDay("2024-00-10")).toBe(false);
    expect(isIsoDay("2024-1-1")).toBe(false);
    expect(isIsoDay("2024:01:01")).toBe(false);
    expect(isIsoDay("2024-01-01T00:00:00Z")).toBe(false);
    expect(isIsoDay(" 2024-01-01")).toBe(false);
    expect(isIsoDay("1900-02-29")).toBe(false);
    expect(isIsoDay("2000-02-29")).toBe(true);
  });

  it("tells a malformed text from one that names no calendar day", () => {
    expect(parseIsoDay("20-11-2026")).toEqual({ ok: false, problem: "format" });
    expect(parseIsoDay("2026-02-30")).toEqual({ ok: false, problem: "calendar" });
    expect(parseIsoDay("2026-11-20")).toEqual({ ok: true, day: "2026-11-20" });
  });

  it("reads the interface document's yyyy:mm:dd when asked, as yyyy-mm-dd, one separator throughout", () => {
    expect(parseIsoDay("2026:11:20", { colons: true })).toEqual({ ok: true, day: "2026-11-20" });
    expect(parseIsoDay("2026-11-20", { colons: true })).toEqual({ ok: true, day: "2026-11-20" });
    expect(parseIsoDay("2026-11:20", { colons: true })).toEqual({ ok: false, problem: "format" });
    expect(parseIsoDay("2026:02:30", { colons: true })).toEqual({ ok: false, problem: "calendar" });
  });

  it("agrees with Date on which texts are days", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2199 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const date = new Date(Date.UTC(y, m - 1, d));
          const real = m >= 1 && m <= 12 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
          expect(isIsoDay(text)).toBe(real);
        },
      ),
    );
  });
});

describe("addDays and daysBetween", () => {
  it("cross month, year and leap-day boundaries", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-11-20", -30)).toBe("2026-10-21");
    expect(addDays("2026-11-20", 0)).toBe("2026-11-20");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
    expect(addDays("2024-03-31", -29)).toBe("2024-03-02");
  });

  it("count calendar days, negative when the second date is earlier", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2023-02-28", "2023-03-01")).toBe(1);
    expect(daysBetween("2026-11-20", "2026-11-20")).toBe(0);
    expect(daysBetween("2026-11-20", "2026-11-13")).toBe(-7);
    expect(daysBetween("1997-01-02", "2026-01-02")).toBe(10_592);
  });

  it("are inverse to each other", () => {
    fc.assert(
      fc.property(dayNumbers, fc.integer({ min: -5_000, max: 5_000 }), (day, n) => {
        const date = fromDayNumber(day);
        expect(daysBetween(date, addDays(date, n))).toBe(n);
      }),
    );
  });
});

describe("day numbers", () => {
  it("match Date's calendar both ways", () => {
    fc.assert(
      fc.property(dayNumbers, (day) => {
        expect(fromDayNumber(day)).toBe(referenceIso(day));
        expect(toDayNumber(referenceIso(day))).toBe(day);
      }),
    );
  });

  it("handle years below 100 without Date.UTC's 1900 shift", () => {
    expect(fromDayNumber(toDayNumber("0050-03-01"))).toBe("0050-03-01");
    expect(daysBetween("0099-12-31", "0100-01-01")).toBe(1);
  });

  it("reject anything but a calendar day yyyy-mm-dd", () => {
    expect(() => toDayNumber("2026-1-5")).toThrow(RangeError);
    expect(() => toDayNumber("2026:11:20")).toThrow(RangeError);
    expect(() => toDayNumber("2026-02-30")).toThrow(RangeError);
    expect(() => addDays("yesterday", 1)).toThrow(RangeError);
  });
});
