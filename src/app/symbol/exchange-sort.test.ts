import { describe, expect, it } from "vitest";
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { sortExchanges } from "./exchange-sort.ts";

function exchange(name: string, fields: Partial<SymbolExchangeDetails>): SymbolExchangeDetails {
  return {
    name,
    price: 100,
    priceYesterday: 100,
    volumeYesterdayUSD: 1,
    time: "2026-11-22T10:00:00Z",
    lastTrades: [],
    ...fields,
  };
}

const exchanges = [
  exchange("kraken", {
    price: 101,
    priceYesterday: 100,
    volumeYesterdayUSD: 5,
    time: "2026-11-22T10:00:03Z",
  }),
  exchange("Binance", {
    price: 99,
    priceYesterday: 100,
    volumeYesterdayUSD: 9,
    time: "2026-11-22T10:00:01Z",
  }),
  exchange("OKX", { price: 100, priceYesterday: null, volumeYesterdayUSD: null, time: null }),
  exchange("Coinbase", {
    price: 102,
    priceYesterday: 100,
    volumeYesterdayUSD: 7,
    time: "2026-11-22T10:00:02Z",
  }),
];

const names = (list: SymbolExchangeDetails[]) => list.map((e) => e.name);

describe("sorting the exchanges", () => {
  it("sorts names without regard to case", () => {
    expect(names(sortExchanges(exchanges, { column: "name", direction: "asc" }))).toEqual([
      "Binance",
      "Coinbase",
      "kraken",
      "OKX",
    ]);
    expect(names(sortExchanges(exchanges, { column: "name", direction: "desc" }))).toEqual([
      "OKX",
      "kraken",
      "Coinbase",
      "Binance",
    ]);
  });

  it("sorts numbers and times either way, with missing values last both ways", () => {
    expect(names(sortExchanges(exchanges, { column: "volume", direction: "desc" }))).toEqual([
      "Binance",
      "Coinbase",
      "kraken",
      "OKX",
    ]);
    expect(names(sortExchanges(exchanges, { column: "volume", direction: "asc" }))).toEqual([
      "kraken",
      "Coinbase",
      "Binance",
      "OKX",
    ]);
    expect(names(sortExchanges(exchanges, { column: "change", direction: "asc" }))).toEqual([
      "Binance",
      "kraken",
      "Coinbase",
      "OKX",
    ]);
    expect(names(sortExchanges(exchanges, { column: "time", direction: "desc" }))).toEqual([
      "kraken",
      "Coinbase",
      "Binance",
      "OKX",
    ]);
  });

  it("breaks ties by name and leaves its input alone", () => {
    const tied = [exchange("b", {}), exchange("a", {})];
    expect(names(sortExchanges(tied, { column: "price", direction: "desc" }))).toEqual(["a", "b"]);
    expect(names(tied)).toEqual(["b", "a"]);
  });
});
