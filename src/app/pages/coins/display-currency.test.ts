import { describe, expect, it } from "vitest";
import type { Change } from "../../../interface/resources.ts";
import { availableCurrencies, chooseCurrency } from "./display-currency.ts";

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
