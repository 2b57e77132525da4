import { describe, expect, it } from "vitest";
import { checkRange, defaultRange, parseRatesSearch, ratesSearchParams } from "./rates-search.ts";

const parse = (query: string) => parseRatesSearch(new URLSearchParams(query));

describe("parseRatesSearch", () => {
  it("reads every field", () => {
    expect(parse("type=SOFR&date=2024-03-09&from=2024-02-01&to=2024-03-01")).toEqual({
      type: "SOFR",
      date: "2024-03-09",
      range: { from: "2024-02-01", to: "2024-03-01" },
    });
  });

  it("defaults to ESTER, the latest value and no range", () => {
    expect(parse("")).toEqual({ type: "ESTER", date: null, range: null });
  });

  it("accepts a type in any case and falls back on an unknown one", () => {
    expect(parse("type=sofr90").type).toBe("SOFR90");
    expect(parse("type=LIBOR").type).toBe("ESTER");
    expect(parse("type=").type).toBe("ESTER");
    expect(parse("type=%20SONIA%20").type).toBe("SONIA");
  });

  it.each(["2024-02-30", "2024-13-01", "2024-3-9", "20240309", "0202-03-09", "tomorrow", ""])(
    "drops the impossible date %j",
    (date) => {
      expect(parse(`type=SOFR&date=${date}`).date).toBeNull();
    },
  );

  it("keeps a leap day", () => {
    expect(parse("date=2024-02-29").date).toBe("2024-02-29");
  });

  it("drops a range that is half there, reversed, malformed or too long", () => {
    expect(parse("from=2024-02-01").range).toBeNull();
    expect(parse("to=2024-02-01").range).toBeNull();
    expect(parse("from=2024-03-01&to=2024-02-01").range).toBeNull();
    expect(parse("from=2024-02-01&to=soon").range).toBeNull();
    expect(parse("from=2000-01-01&to=2024-01-01").range).toBeNull();
  });

  it("keeps a one-day range", () => {
    expect(parse("from=2024-02-01&to=2024-02-01").range).toEqual({ from: "2024-02-01", to: "2024-02-01" });
  });
});

describe("ratesSearchParams", () => {
  it("writes type, date, from, to in that order, leaving out what is default", () => {
    expect(
      ratesSearchParams({
        type: "SOFR",
        date: "2024-03-09",
        range: { from: "2024-02-01", to: "2024-03-01" },
      }).toString(),
    ).toBe("type=SOFR&date=2024-03-09&from=2024-02-01&to=2024-03-01");
    expect(ratesSearchParams({ type: "ESTER", date: null, range: null }).toString()).toBe("type=ESTER");
  });

  it("round-trips through parseRatesSearch", () => {
    const state = {
      type: "SAFR" as const,
      date: "2023-12-29",
      range: { from: "2023-12-01", to: "2023-12-31" },
    };
    expect(parseRatesSearch(ratesSearchParams(state))).toEqual(state);
  });
});

describe("checkRange", () => {
  it("says what is wrong", () => {
    expect(checkRange("", "2024-01-01")).toEqual({ ok: false, error: "Enter a start date." });
    expect(checkRange("2024-01-01", "")).toEqual({ ok: false, error: "Enter an end date." });
    expect(checkRange("2024-02-01", "2024-01-01")).toMatchObject({ ok: false });
  });

  it("allows exactly the longest range", () => {
    expect(checkRange("2021-01-01", "2023-12-31")).toMatchObject({ ok: true });
    expect(checkRange("2021-01-01", "2024-01-01")).toMatchObject({ ok: true });
    expect(checkRange("2021-01-01", "2024-01-02")).toMatchObject({ ok: false });
  });
});

describe("defaultRange", () => {
  it("is the last 30 days, today included", () => {
    expect(defaultRange("SOFR", "2024-03-31")).toEqual({ from: "2024-03-02", to: "2024-03-31" });
  });

  it("does not start before the type's first date", () => {
    expect(defaultRange("SAFR", "2020-03-10")).toEqual({ from: "2020-03-02", to: "2020-03-10" });
  });
});
