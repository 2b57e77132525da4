// A coin's figures before its first block is stored, from the price a live source already knows of it
// (TradeSource.firstPrice: its newest live trade or history candle close). Only the price and its time are
// known then; the figures a day of blocks makes (the price 24 hours earlier, the day's volume) are null, as
// the interface's nullable fields say of a coin without that much history.
import type { Coin, Quotation, SymbolExchangeDetails, Trade } from "../../interface/resources.ts";
import { nameForSymbol } from "../catalog/catalog.ts";
import type { FirstPrice, TradeSource } from "./trade-source.ts";

/** What the view asks of a live source (the simulator has none): the API passes its source in. */
export type FirstPrices = Pick<TradeSource, "firstPrice">;

/** The quotation of a coin with no stored block yet, from its first price. */
export function firstQuotation(symbol: string, first: FirstPrice, source: string): Quotation {
  return {
    symbol,
    name: nameForSymbol(symbol),
    price: first.usd,
    priceYesterday: null,
    volumeYesterdayUSD: null,
    source,
    time: new Date(first.timeMs).toISOString(),
  };
}

/** An exchange's figures of a coin with no stored block yet: its newest live trade's price, and its trades. */
export function firstExchangeDetails(name: string, lastTrades: Trade[]): SymbolExchangeDetails | null {
  const newest = lastTrades[0];
  if (!newest) return null;
  return {
    name,
    price: newest.estimatedUSDPrice,
    priceYesterday: null,
    volumeYesterdayUSD: null,
    time: newest.time,
    lastTrades,
  };
}

/** Coins ranked by market cap, those without a known supply last, then by the day's volume. */
export function byMarketCap(coins: Coin[]): Coin[] {
  const cap = (c: Coin) => (c.circulatingSupply === null ? -1 : c.circulatingSupply * c.price);
  return coins.sort((a, b) => cap(b) - cap(a) || (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0));
}
