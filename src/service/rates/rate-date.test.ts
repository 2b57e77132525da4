import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../interface/iso-day.ts";
import { type RateFixing, rateHistory } from "./history.ts";
import { latestOnOrBefore, parseRateDate } from "./rate-date.ts";

describe("parseRateDate", () => {
  it("accepts yyyy-mm-dd and the interface document's yyyy:mm:dd, normalized to yyyy-mm-dd", () => {
    expect(parseRateDate("2026-11-20")).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRateDate("2026:11:20")).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRateDate("1997-01-02")).toEqual({ ok: true, date: "1997-01-02" });
  });

  it("accepts leap days of leap years only", () => {
    expect(parseRateDate("2024-02-29")).toEqual({ ok: true, date: "2024-02-29" });
    expect(parseRateDate("2000-02-29")).toEqual({ ok: true, date: "2000-02-29" });
    expect(parseRateDate("2026-02-29")).toEqual({ ok: false, reason: "2026-02-29 is not a calendar date" });
    expect(parseRateDate("1900-02-29")).toEqual({ ok: false, reason: "1900-02-29 is not a calendar date" });
  });

  it.each(["2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "2026:02:30"])(
    "calls %s impossible",
    (text) => {
      expect(parseRateDate(text)).toEqual({ ok: false, reason: `${text} is not a calendar date` });
    },
  );

  it.each([
    "2026-1-5",
    "yesterday",
    "",
    "2026-11",
    "20261120",
    "2026/11/20",
    "2026-11:20",
    " 2026-11-20",
    "2026-11-20T00:00:00Z",
    "26-11-20",
  ])("calls %j malformed", (text) => {
    expect(parseRateDate(text)).toEqual({ ok: false, reason: "must be a date as yyyy-mm-dd" });
  });

  it("accepts exactly the dates Date knows, in either form", () => {
    const from = Date.parse("1900-01-01T00:00:00Z");
    const to = Date.parse("2199-12-31T00:00:00Z");
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const date = new Date(ms).toISOString().slice(0, 10);
        expect(parseRateDate(date)).toEqual({ ok: true, date });
        expect(parseRateDate(date.replaceAll("-", ":"))).toEqual({ ok: true, date });
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2199 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const real = new Date(Date.UTC(y, m - 1, d));
          const isCalendarDate = m >= 1 && d >= 1 && real.getUTCMonth() === m - 1 && real.getUTCDate() === d;
          expect(parseRateDate(text).ok).toBe(isCalendarDate);
        },
      ),
    );
  });
});

function fixingsOn(dates: string[]): RateFixing[] {
  return dates.map((effectiveDate, i) => ({
    symbol: "ESTER",
    effectiveDate,
    value: i,
    publicationTime: `${addDays(effectiveDate, 1)}T07:00:00Z`,
    source: "ECB",
  }));
}

describe("latestOnOrBefore", () => {
  const ester = rateHistory("ESTER", new Date("2026-12-31T23:59:59Z"));

  it("answers a weekend or a holiday with the business day before", () => {
    expect(latestOnOrBefore(ester, "2026-11-21")?.effectiveDate).toBe("2026-11-20"); // Saturday
    expect(latestOnOrBefore(ester, "2026-11-22")?.effectiveDate).toBe("2026-11-20"); // Sunday
    expect(latestOnOrBefore(ester, "2025-12-25")?.effectiveDate).toBe("2025-12-24");
    expect(latestOnOrBefore(ester, "2026-01-01")?.effectiveDate).toBe("2025-12-31");
  });

  it("answers a business day with its own fixing", () => {
    expect(latestOnOrBefore(ester, "2026-11-20")?.effectiveDate).toBe("2026-11-20");
    expect(latestOnOrBefore(ester, "2019-10-01")?.effectiveDate).toBe("2019-10-01");
  });

  it("finds nothing before the first fixing", () => {
    expect(latestOnOrBefore(ester, "2019-09-30")).toBeUndefined();
    expect(latestOnOrBefore([], "2026-11-20")).toBeUndefined();
  });

  it("looks back at most 30 days, the 30th included", () => {
    const fixings = fixingsOn(["2026-01-05", "2026-03-02"]);
    expect(latestOnOrBefore(fixings, "2026-02-04")?.effectiveDate).toBe("2026-01-05"); // 30 days later
    expect(latestOnOrBefore(fixings, "2026-02-05")).toBeUndefined(); // 31 days later
    expect(latestOnOrBefore(fixings, "2026-03-01")).toBeUndefined();
    expect(latestOnOrBefore(fixings, "2026-03-31")?.effectiveDate).toBe("2026-03-02");
    expect(latestOnOrBefore(fixings, "2026-04-02")).toBeUndefined();
    expect(latestOnOrBefore(ester, "2027-03-01")).toBeUndefined(); // beyond the end of the history
  });

  it("takes another look-back limit", () => {
    const fixings = fixingsOn(["2026-11-20"]);
    expect(latestOnOrBefore(fixings, "2026-11-20", 0)?.effectiveDate).toBe("2026-11-20");
    expect(latestOnOrBefore(fixings, "2026-11-21", 0)).toBeUndefined();
    expect(latestOnOrBefore(fixings, "2026-11-23", 3)?.effectiveDate).toBe("2026-11-20");
  });

  it("agrees with a linear scan", () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays("2025-06-01", n));
    fc.assert(
      fc.property(fc.uniqueArray(day), day, fc.integer({ min: 0, max: 60 }), (dates, date, maxDaysBack) => {
        const fixings = fixingsOn([...dates].sort());
        const earliest = addDays(date, -maxDaysBack);
        const expected = fixings.filter((f) => f.effectiveDate <= date && f.effectiveDate >= earliest).at(-1);
        expect(latestOnOrBefore(fixings, date, maxDaysBack)).toBe(expected);
      }),
    );
  });
});
