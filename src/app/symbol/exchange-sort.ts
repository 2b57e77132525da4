// The exchange table's order: by one column, either way; an exchange without a value for the column (no
// price from yesterday, no trade yet) goes last whichever way, and ties keep the names in order.
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { compareCells } from "../components/table-sort.ts";
import { changePercent } from "../format/numbers.ts";
import type { ExchangeSort, SortKey } from "./symbol-params.ts";

function sortValue(exchange: SymbolExchangeDetails, key: SortKey): string | number | null {
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

export function sortExchanges(
  exchanges: readonly SymbolExchangeDetails[],
  sort: ExchangeSort,
): SymbolExchangeDetails[] {
  return exchanges
    .map((exchange) => ({ exchange, value: sortValue(exchange, sort.column) }))
    .sort(
      (a, b) =>
        compareCells(a.value, b.value, sort.direction) || a.exchange.name.localeCompare(b.exchange.name),
    )
    .map(({ exchange }) => exchange);
}
