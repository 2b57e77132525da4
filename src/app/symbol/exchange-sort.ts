// The exchange table's order: by one column, either way; an exchange without a value for the column (no
// price from yesterday, no trade yet) goes last whichever way, and ties keep the names in order.
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { changePercent } from "../format/numbers.ts";
import type { ExchangeSort, SortKey } from "./symbol-params.ts";

type Value = string | number | null;

function sortValue(exchange: SymbolExchangeDetails, key: SortKey): Value {
  switch (key) {
    case "name":
      return exchange.name;
    case "price":
      return exchange.price;
    case "change":
      return changePercent(exchange.price, exchange.priceYesterday);
    case "volume":
      return exchange.volumeYesterdayUSD;
    case "time": {
      if (exchange.time === null) return null;
      const ms = Date.parse(exchange.time);
      return Number.isNaN(ms) ? null : ms;
    }
  }
}

function compareValues(a: Value, b: Value): number {
  if (typeof a === "string" && typeof b === "string")
    return a.localeCompare(b, undefined, { sensitivity: "base" });
  return (a as number) - (b as number);
}

export function sortExchanges(
  exchanges: readonly SymbolExchangeDetails[],
  sort: ExchangeSort,
): SymbolExchangeDetails[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  return exchanges
    .map((exchange) => ({ exchange, value: sortValue(exchange, sort.key) }))
    .sort((a, b) => {
      const aMissing = a.value === null || Number.isNaN(a.value);
      const bMissing = b.value === null || Number.isNaN(b.value);
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      const order = aMissing ? 0 : sign * compareValues(a.value, b.value);
      return order !== 0 ? order : a.exchange.name.localeCompare(b.exchange.name);
    })
    .map(({ exchange }) => exchange);
}
