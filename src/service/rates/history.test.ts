import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { addDays, daysBetween } from "../../interface/iso-day.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { isBusinessDay, nextBusinessDay } from "./business-days.ts";
import { allRateHistories, PUBLICATION_HOUR_UTC, type RateFixing, rateHistory } from "./history.ts";

const END_2026 = new Date("2026-12-31T23:59:59Z");

function history(type: RateType): RateFixing[] {
  return rateHistory(type, END_2026);
}

function valueOn(type: RateType, date: string): number {
  const fixing = history(type).find((f) => f.effectiveDate === date);
  if (!fixing) throw new Error(`no ${type} fixing on ${date}`);
  return fixing.value;
}

/** Values whose effective date starts with `prefix` (a year, a month) or lies in [from, to]. */
function valuesIn(type: RateType, from: string, to = `${from}\uffff`): number[] {
  return history(type)
    .filter((f) => f.effectiveDate >= from && f.effectiveDate <= to)
    .map((f) => f.value);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function expectWithin(values: number[], min: number, max: number): void {
  expect(values.length).toBeGreaterThan(0);
  expect(Math.min(...values)).toBeGreaterThanOrEqual(min);
  expect(Math.max(...values)).toBeLessThanOrEqual(max);
}

describe("rateHistory: calendar and publication", () => {
  it.each(RATE_TYPE_SYMBOLS)(
    "%s starts on its first date, names its issuer and has one fixing per business day",
    (type) => {
      const fixings = history(type);
      const { firstDate, issuer } = RATE_TYPES[type];
      expect(fixings[0]?.effectiveDate).toBe(firstDate);
      expect(fixings.at(-1)?.effectiveDate).toBe("2026-12-30"); // published 2026-12-31
      const wrong = fixings.filter((fixing, i) => {
        const next = fixings[i + 1];
        return (
          fixing.symbol !== type ||
          fixing.source !== issuer ||
          !Number.isFinite(fixing.value) ||
          (next !== undefined && next.effectiveDate !== nextBusinessDay(fixing.effectiveDate))
        );
      });
      expect(wrong).toEqual([]);
    },
  );

  it("never has a fixing on a weekend or a holiday", () => {
    for (const type of RATE_TYPE_SYMBOLS) {
      expect(history(type).filter((f) => !isBusinessDay(f.effectiveDate))).toEqual([]);
    }
    const sonia = history("SONIA").map((f) => f.effectiveDate);
    expect(sonia).not.toContain("2026-11-21");
    expect(sonia).not.toContain("2025-12-25");
    expect(sonia).not.toContain("2026-01-01");
    expect(sonia).toContain("2025-12-24");
  });

  it("SONIA has about 7,500 fixings to the end of 2026", () => {
    expect(history("SONIA").length).toBeGreaterThan(7_500);
    expect(history("SONIA").length).toBeLessThan(8_000);
  });

  it("publishes on the next business day at each issuer's hour", () => {
    const publication = (type: RateType, date: string) =>
      history(type).find((f) => f.effectiveDate === date)?.publicationTime;
    expect(publication("ESTER", "2026-11-16")).toBe("2026-11-17T07:00:00Z"); // Monday → Tuesday
    expect(publication("ESTER", "2026-11-20")).toBe("2026-11-23T07:00:00Z"); // Friday → Monday
    expect(publication("SOFR", "2026-11-16")).toBe("2026-11-17T12:00:00Z");
    expect(publication("SAFR", "2026-11-16")).toBe("2026-11-17T12:00:00Z");
    expect(publication("SONIA", "2025-12-24")).toBe("2025-12-26T09:00:00Z"); // over Christmas
    expect(publication("SOFR90", "2025-12-31")).toBe("2026-01-02T12:00:00Z"); // over New Year
    for (const type of RATE_TYPE_SYMBOLS) {
      const hour = String(PUBLICATION_HOUR_UTC[type]).padStart(2, "0");
      const wrong = history(type).filter(
        (f) => f.publicationTime !== `${nextBusinessDay(f.effectiveDate)}T${hour}:00:00Z`,
      );
      expect(wrong).toEqual([]);
    }
  });

  it("cuts off exactly at the publication time", () => {
    expect(rateHistory("ESTER", new Date("2026-11-17T06:59:59.999Z")).at(-1)?.effectiveDate).toBe(
      "2026-11-13",
    );
    expect(rateHistory("ESTER", new Date("2026-11-17T07:00:00Z")).at(-1)?.effectiveDate).toBe("2026-11-16");
    // On a Sunday the latest is Thursday's fixing, published on Friday.
    expect(rateHistory("SONIA", new Date("2026-11-22T20:00:00Z")).at(-1)?.effectiveDate).toBe("2026-11-19");
  });

  it("is empty before the first publication and for an invalid date", () => {
    expect(rateHistory("SOFR30", new Date("2020-03-03T11:59:59Z"))).toEqual([]);
    expect(rateHistory("SOFR30", new Date("2020-03-03T12:00:00Z"))).toHaveLength(1);
    expect(rateHistory("SONIA", new Date("1990-01-01T00:00:00Z"))).toEqual([]);
    expect(rateHistory("ESTER", new Date("not a date"))).toEqual([]);
  });

  it("returns every fixing published by the given time and none after it", () => {
    const from = Date.parse("1997-01-01T00:00:00Z");
    const to = Date.parse("2027-01-01T00:00:00Z");
    fc.assert(
      fc.property(fc.constantFrom(...RATE_TYPE_SYMBOLS), fc.integer({ min: from, max: to }), (type, ms) => {
        const by = new Date(ms);
        const fixings = rateHistory(type, by);
        const all = history(type);
        expect(fixings).toEqual(all.slice(0, fixings.length));
        const last = fixings.at(-1);
        if (last) expect(Date.parse(last.publicationTime)).toBeLessThanOrEqual(ms);
        const next = all[fixings.length];
        if (next) expect(Date.parse(next.publicationTime)).toBeGreaterThan(ms);
      }),
      { numRuns: 200 },
    );
  });

  it("allRateHistories holds every type's history, type by type", () => {
    const by = new Date("2025-06-01T00:00:00Z");
    expect(allRateHistories(by)).toEqual(RATE_TYPE_SYMBOLS.flatMap((type) => rateHistory(type, by)));
  });
});

describe("rateHistory: determinism", () => {
  it("gives equal histories on repeated calls", () => {
    for (const type of RATE_TYPE_SYMBOLS)
      expect(rateHistory(type, END_2026)).toEqual(rateHistory(type, END_2026));
  });

  it("keeps the past unchanged when asked for a later year (the cache regenerates)", () => {
    const later = new Date("2031-03-01T00:00:00Z");
    for (const type of RATE_TYPE_SYMBOLS) {
      const before = history(type);
      const after = rateHistory(type, later);
      expect(after.length).toBeGreaterThan(before.length);
      expect(after.slice(0, before.length)).toEqual(before);
    }
  });

  it("gives the same numbers in a fresh module, whatever order the types are asked in", async () => {
    vi.resetModules();
    const fresh: typeof import("./history.ts") = await import("./history.ts");
    for (const type of [...RATE_TYPE_SYMBOLS].reverse()) {
      expect(fresh.rateHistory(type, END_2026)).toEqual(history(type));
    }
  });

  it("generates all seven histories to the end of 2026 from a fresh module, the same each time", async () => {
    // Speed is not asserted here (shared machines are noisy); only that a fresh start gives the same days.
    const lengths: number[] = [];
    for (let run = 0; run < 2; run++) {
      vi.resetModules();
      const fresh: typeof import("./history.ts") = await import("./history.ts");
      lengths.push(fresh.allRateHistories(END_2026).length);
    }
    expect(lengths[0]).toBeGreaterThan(18_000);
    expect(lengths[1]).toBe(lengths[0]);
  });
});

describe("rateHistory: values", () => {
  it.each(RATE_TYPE_SYMBOLS)("%s is rounded to its declared decimals", (type) => {
    const scale = 10 ** RATE_TYPES[type].decimals;
    const wrong = history(type).filter(
      ({ value }) => Math.abs(value * scale - Math.round(value * scale)) > 1e-6 || Object.is(value, -0),
    );
    expect(wrong).toEqual([]);
  });

  it("SOFR follows the US policy path", () => {
    expectWithin(valuesIn("SOFR", "2018-04-02", "2018-05-31"), 1.65, 1.85);
    expectWithin(valuesIn("SOFR", "2019-01-02", "2019-05-31"), 2.3, 2.55);
    expect(valueOn("SOFR", "2019-09-17")).toBe(5.25); // the repo squeeze
    expectWithin(valuesIn("SOFR", "2019-11-01", "2020-02-28"), 1.45, 1.7);
    expectWithin(valuesIn("SOFR", "2020-03-16", "2022-03-16"), 0.01, 0.1);
    expectWithin(valuesIn("SOFR", "2021"), 0.01, 0.09);
    expect(valueOn("SOFR", "2022-03-17")).toBeGreaterThanOrEqual(0.25);
    expectWithin(valuesIn("SOFR", "2023-08-01", "2024-09-18"), 5.25, 5.45);
    expect(median(valuesIn("SOFR", "2023-08-01", "2024-09-18"))).toBe(5.31);
    expect(median(valuesIn("SOFR", "2024-12-19", "2025-09-17"))).toBeCloseTo(4.3, 2);
    expect(median(valuesIn("SOFR", "2025-12-11", "2025-12-31"))).toBeCloseTo(3.65, 1);
    expectWithin(valuesIn("SOFR", "2026"), 3.3, 3.75);
    expect(median(valuesIn("SOFR", "2026-12"))).toBeLessThan(median(valuesIn("SOFR", "2026-01")));
  });

  it("SOFR spikes at quarter ends", () => {
    // The last business day of each quarter of 2023-H2 and 2024-H1 sits above the quarter's median.
    for (const [quarterEnd, quarter] of [
      ["2023-09-29", "2023-09"],
      ["2023-12-29", "2023-12"],
      ["2024-03-29", "2024-03"],
    ] as const) {
      expect(valueOn("SOFR", quarterEnd)).toBeGreaterThan(median(valuesIn("SOFR", quarter)));
    }
  });

  it("ESTER follows the ECB's path", () => {
    expect(valueOn("ESTER", "2019-10-01")).toBeCloseTo(-0.55, 1);
    expectWithin(valuesIn("ESTER", "2020-01-02", "2022-07-26"), -0.6, -0.52);
    expectWithin(valuesIn("ESTER", "2022-01-03", "2022-07-26"), -0.6, -0.56);
    expectWithin(valuesIn("ESTER", "2023-09-20", "2024-06-11"), 3.88, 3.92);
    expectWithin(valuesIn("ESTER", "2024-12-18", "2025-02-04"), 2.88, 2.92);
    expectWithin(valuesIn("ESTER", "2025-07"), 1.9, 1.94);
    expectWithin(valuesIn("ESTER", "2026"), 1.9, 1.94);
  });

  it("SONIA follows Bank Rate", () => {
    expectWithin(valuesIn("SONIA", "1997"), 5.6, 7.5);
    expectWithin(valuesIn("SONIA", "2005"), 4, 5);
    expectWithin(valuesIn("SONIA", "2007-08-01", "2007-11-30"), 5.4, 6);
    expectWithin(valuesIn("SONIA", "2010", "2015-12-31"), 0.4, 0.5);
    expectWithin(valuesIn("SONIA", "2020-04", "2021-11-30"), 0.03, 0.08);
    expectWithin(valuesIn("SONIA", "2023-08-03", "2024-07-31"), 5.17, 5.22);
    expectWithin(valuesIn("SONIA", "2026"), 3.68, 3.74);
    // Before 2009 it wandered around Bank Rate; afterwards it sits a few bp below, day after day.
    const before = valuesIn("SONIA", "2005");
    expect(Math.max(...before) - Math.min(...before)).toBeGreaterThan(0.35);
    const after = valuesIn("SONIA", "2012");
    expect(Math.max(...after) - Math.min(...after)).toBeLessThan(0.03);
  });

  it("SOFR30, SOFR90 and SOFR180 are SOFR compounded over the calendar days before the date", () => {
    const sofr = new Map(history("SOFR").map((f) => [f.effectiveDate, f.value]));
    const sofrOn = (date: string): number => {
      // A non-business day carries the previous business day's SOFR.
      for (let back = 0; back < 10; back++) {
        const value = sofr.get(addDays(date, -back));
        if (value !== undefined) return value;
      }
      throw new Error(`no SOFR near ${date}`);
    };
    const average = (date: string, span: number): number => {
      let product = 1;
      let rate = sofrOn(addDays(date, -span));
      let days = 0;
      for (let k = span; k >= 1; k--) {
        const day = addDays(date, -k);
        if (k < span && isBusinessDay(day)) {
          product *= 1 + (rate * days) / 36_000;
          rate = sofrOn(day);
          days = 0;
        }
        days++;
      }
      product *= 1 + (rate * days) / 36_000;
      return Math.round((((product - 1) * 36_000) / span) * 1e5) / 1e5;
    };
    // 2024-03-04 − 30 days is a Saturday, 2023-01-03 − 90 days a Wednesday; 2020-03-02 is the first date.
    for (const date of ["2024-03-04", "2023-01-03", "2020-03-02", "2025-10-15"]) {
      expect(valueOn("SOFR30", date)).toBe(average(date, 30));
      expect(valueOn("SOFR90", date)).toBe(average(date, 90));
      expect(valueOn("SOFR180", date)).toBe(average(date, 180));
    }
    expect(daysBetween("2024-02-03", "2024-03-04")).toBe(30);
    expect(isBusinessDay("2024-02-03")).toBe(false);
  });

  it("the SOFR averages lag SOFR through the 2022 hikes", () => {
    const date = "2022-12-01";
    expect(valueOn("SOFR30", date)).toBeLessThan(valueOn("SOFR", date));
    expect(valueOn("SOFR90", date)).toBeLessThan(valueOn("SOFR30", date));
    expect(valueOn("SOFR180", date)).toBeLessThan(valueOn("SOFR90", date));
  });

  it("SAFR is the SOFR Index: near 1.04 in 2020, compounding SOFR and never falling", () => {
    const safr = history("SAFR");
    expect(safr[0]?.value).toBeGreaterThan(1.035);
    expect(safr[0]?.value).toBeLessThan(1.045);
    expect(valueOn("SAFR", "2020-05-19")).toBeGreaterThan(1.038);
    expect(valueOn("SAFR", "2020-05-19")).toBeLessThan(1.045);
    const sofr = new Map(history("SOFR").map((f) => [f.effectiveDate, f.value]));
    const wrong = safr.slice(1).filter((current, i) => {
      const previous = safr[i] as RateFixing;
      const days = daysBetween(previous.effectiveDate, current.effectiveDate);
      const expected =
        previous.value * (1 + ((sofr.get(previous.effectiveDate) ?? Number.NaN) * days) / 36_000);
      return current.value < previous.value || !(Math.abs(current.value - expected) < 2e-8);
    });
    expect(wrong).toEqual([]);
  });
});
