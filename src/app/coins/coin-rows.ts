// The coin list's rows from one coins response, figures in the display currency. Coins known only by name
// become rows without figures, shown when a search or the favourites reach them.
import type { Coins } from "../../interface/resources.ts";
import { compareCells, type SortDirection } from "../components/table-sort.ts";
import { type CurrencyChoice, changeIn, convert } from "../format/currency.ts";
import type { CoinsView, SortColumn } from "./coins-view.ts";

export interface CoinRow {
  symbol: string;
  name: string;
  /** 1-based position by market cap in the complete list. */
  rank: number;
  /** In the top list, with figures; false for a coin known only by name. */
  listed: boolean;
  /** Figures in the display currency; null when unknown. */
  price: number | null;
  /** Percent against the price 24 hours earlier. */
  change: number | null;
  volume: number | null;
  supply: number | null;
  /** price × circulating supply. */
  cap: number | null;
  /** What the live price needs to make the figures again (USD prices; null for a coin known only by name). */
  live: LiveBasis | null;
}

/** A listed coin's figures as USD and rates, so a live USD price gives its price, change and cap again. */
export interface LiveBasis {
  priceYesterday: number | null;
  supply: number | null;
  fx: Pick<CurrencyChoice, "rate" | "rateYesterday">;
}

/** A listed row's price, change and cap made again from a live USD price. */
export function liveFigures(basis: LiveBasis, usdPrice: number): Pick<CoinRow, "price" | "change" | "cap"> {
  const price = usdPrice * basis.fx.rate;
  return {
    price,
    change: changeIn(usdPrice, basis.priceYesterday, basis.fx),
    cap: basis.supply === null ? null : price * basis.supply,
  };
}

/**
 * The rows with each listed coin's price, change and cap made again from its live USD price, where the stream
 * has one: what the table shows, so a sort by them orders what the reader sees.
 */
export function withLivePrices(
  rows: readonly CoinRow[],
  livePrice: (symbol: string) => number | undefined,
): CoinRow[] {
  return rows.map((row) => {
    const price = row.live ? livePrice(row.symbol) : undefined;
    return row.live && price !== undefined ? { ...row, ...liveFigures(row.live, price) } : row;
  });
}

/** Every coin of the response as a row: the listed ones first, then those known only by name. */
export function buildRows(coins: Coins, fx: Pick<CurrencyChoice, "rate" | "rateYesterday">): CoinRow[] {
  const rankOf = new Map<string, number>();
  coins.completeCoinList.forEach((coin, index) => {
    if (!rankOf.has(coin.symbol)) rankOf.set(coin.symbol, index + 1);
  });
  const rows: CoinRow[] = [];
  const seen = new Set<string>();
  coins.coins.forEach((coin, index) => {
    if (seen.has(coin.symbol)) return;
    seen.add(coin.symbol);
    const price = coin.price * fx.rate;
    rows.push({
      symbol: coin.symbol,
      name: coin.name,
      rank: rankOf.get(coin.symbol) ?? index + 1,
      listed: true,
      price,
      change: changeIn(coin.price, coin.priceYesterday, fx),
      volume: convert(coin.volumeYesterdayUSD, fx),
      supply: coin.circulatingSupply,
      cap: coin.circulatingSupply === null ? null : price * coin.circulatingSupply,
      live: { priceYesterday: coin.priceYesterday ?? null, supply: coin.circulatingSupply, fx },
    });
  });
  for (const coin of coins.completeCoinList) {
    if (seen.has(coin.symbol)) continue;
    seen.add(coin.symbol);
    rows.push({
      symbol: coin.symbol,
      name: coin.name,
      rank: rankOf.get(coin.symbol) ?? rows.length + 1,
      listed: false,
      price: null,
      change: null,
      volume: null,
      supply: null,
      cap: null,
      live: null,
    });
  }
  return rows;
}

/** Whether a row's symbol or name holds the search (case-insensitive); a blank search holds every row. */
export function matchesSearch(row: Pick<CoinRow, "symbol" | "name">, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === "") return true;
  return row.symbol.toLowerCase().includes(needle) || row.name.toLowerCase().includes(needle);
}

/** The rows a view shows, in its order; only a search or the favourites reach coins known only by name. */
export function selectRows(
  rows: readonly CoinRow[],
  view: CoinsView,
  favourites: readonly string[],
): CoinRow[] {
  const favourite = new Set(favourites);
  const searching = view.q.trim() !== "";
  const shown = rows.filter((row) => {
    if (view.fav && !favourite.has(row.symbol)) return false;
    if (!row.listed && !searching && !view.fav) return false;
    return matchesSearch(row, view.q);
  });
  return sortRows(shown, view.sort, view.dir);
}

/** Rows sorted by a column into a new array; a missing figure goes last, ties keep rank order. */
export function sortRows(rows: readonly CoinRow[], column: SortColumn, dir: SortDirection): CoinRow[] {
  return [...rows].sort((a, b) => compareCells(a[column], b[column], dir) || a.rank - b.rank);
}

/** The newest time among the listed coins (the response's block), or null. */
export function newestTime(coins: Coins): string | null {
  let newest: string | null = null;
  let newestMs = Number.NEGATIVE_INFINITY;
  for (const coin of coins.coins) {
    const ms = Date.parse(coin.time);
    if (Number.isFinite(ms) && ms > newestMs) {
      newestMs = ms;
      newest = coin.time;
    }
  }
  return newest;
}
