import { describe, expect, it } from "vitest";
import type { Change } from "../../interface/resources.ts";
import { availableCurrencies, changeIn, chooseCurrency, convert, USD } from "./currency.ts";

const change: Change = {
  usd: [
    { symbol: "EUR", rate: 0.9, rateYesterday: 0.88 },
    { symbol: "JPY", rate: 150, rateYesterday: 149 },
    { symbol: "GBP", rate: 0, rateYesterday: 0.75 },
    { symbol: "XAU", rate: 0.0004, rateYesterday: 0.0004 },
  ],
};

describe("availableCurrencies", () => {
  it("offers USD and the display currencies with a usable rate, in the settings' order", () => {
    expect(availableCurrencies(change)).toEqual(["USD", "EUR", "JPY"]);
  });

  it("offers only USD without a change block", () => {
    expect(availableCurrencies(null)).toEqual(["USD"]);
    expect(availableCurrencies({ usd: [] })).toEqual(["USD"]);
  });
});

describe("chooseCurrency", () => {
  it("takes USD at rate 1", () => {
    expect(chooseCurrency("USD", change)).toEqual({
      currency: "USD",
      rate: 1,
      rateYesterday: 1,
      missing: null,
    });
  });

  it("takes a present currency with its rates", () => {
    expect(chooseCurrency("EUR", change)).toEqual({
      currency: "EUR",
      rate: 0.9,
      rateYesterday: 0.88,
      missing: null,
    });
  });

  it("falls back to USD when the rate is missing or unusable, naming the one asked for", () => {
    expect(chooseCurrency("CHF", change)).toMatchObject({ currency: "USD", rate: 1, missing: "CHF" });
    expect(chooseCurrency("GBP", change)).toMatchObject({ currency: "USD", missing: "GBP" });
    expect(chooseCurrency("EUR", null)).toMatchObject({ currency: "USD", missing: "EUR" });
  });

  it("uses today's rate for yesterday when yesterday's is unusable", () => {
    const odd: Change = { usd: [{ symbol: "EUR", rate: 0.9, rateYesterday: Number.NaN }] };
    expect(chooseCurrency("EUR", odd)).toMatchObject({ rate: 0.9, rateYesterday: 0.9 });
  });
});

describe("converting figures", () => {
  const rates: Change = {
    usd: [
      { symbol: "EUR", rate: 0.9, rateYesterday: 0.8 },
      { symbol: "JPY", rate: 150, rateYesterday: 0 },
    ],
  };

  it("converts USD amounts at the chosen rate and keeps null as null", () => {
    expect(convert(100, chooseCurrency("EUR", rates))).toBeCloseTo(90);
    expect(convert(null, chooseCurrency("EUR", rates))).toBeNull();
    expect(convert(100, USD)).toBe(100);
  });

  it("takes today's rate for yesterday when yesterday's is unusable", () => {
    expect(chooseCurrency("JPY", rates).rateYesterday).toBe(150);
  });

  it("measures the change as a holder of the currency sees it", () => {
    expect(changeIn(110, 100, USD)).toBeCloseTo(10);
    // 110 × 0.9 = 99 today against 100 × 0.8 = 80 yesterday.
    expect(changeIn(110, 100, chooseCurrency("EUR", rates))).toBeCloseTo(23.75);
    expect(changeIn(110, null, USD)).toBeNull();
  });
});
