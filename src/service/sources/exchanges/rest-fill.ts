// Filling a gap over REST: the trades an exchange's stream missed while its socket was down, fetched from
// the last one seen. Three kinds of trade history, as the exchanges have them:
// - it honours a start time (Kraken, Bitfinex): pages walk forward from the last trade seen;
// - it returns its newest page, and older pages by a cursor (Coinbase's `after`): pages walk backward
//   until they reach the last trade seen;
// - it returns its newest page only (Binance's /api/v3/trades takes no start time, Bybit spot keeps 60;
//   where ccxt filters by time): one page, and the log says when it does not reach back.
import type { CcxtExchange, CcxtTrade } from "./ccxt-exchange.ts";
import type { Venue, VenuePair } from "./venue.ts";

/** At most this many REST pages fill one gap (a long outage is history's business, not the fill's). */
const MAX_FILL_PAGES = 20;

export interface GapFill {
  exchange: CcxtExchange;
  venue: Venue;
  pair: VenuePair;
  sinceMs: number;
  /** Hands trades to the intake; returns how many were new. */
  take: (trades: readonly CcxtTrade[]) => number;
  stopped: () => boolean;
  log: (line: string) => void;
}

const timeOf = (t: CcxtTrade) => t.timestamp ?? 0;

export async function fillGap(fill: GapFill): Promise<void> {
  if (fill.venue.restTradesOlder) return fillBackward(fill);
  const { exchange, venue, pair, sinceMs } = fill;
  const honoursSince = venue.restTradesSince !== false;
  let since = sinceMs;
  for (let page = 0; page < MAX_FILL_PAGES && !fill.stopped(); page++) {
    const params = venue.restTradesParams?.(since) ?? {};
    const trades = (await exchange.fetchTrades(
      pair.ccxtSymbol,
      honoursSince ? since : undefined,
      undefined,
      params,
    )) as CcxtTrade[];
    const fresh = trades.filter((t) => timeOf(t) >= since);
    if (page === 0 && !honoursSince) tellShort(fill, trades);
    if (fill.take(fresh) === 0 || !honoursSince) return;
    since = Math.max(...fresh.map(timeOf));
  }
}

/** Newest page first, then older ones by the exchange's cursor, until the last trade seen is reached. */
async function fillBackward(fill: GapFill): Promise<void> {
  const { exchange, venue, pair, sinceMs } = fill;
  let params: Record<string, unknown> = {};
  for (let page = 0; page < MAX_FILL_PAGES && !fill.stopped(); page++) {
    const trades = (await exchange.fetchTrades(
      pair.ccxtSymbol,
      undefined,
      venue.restTradesLimit,
      params,
    )) as CcxtTrade[];
    if (trades.length === 0) return;
    fill.take(trades.filter((t) => timeOf(t) >= sinceMs));
    const oldest = trades.reduce((a, b) => (timeOf(b) < timeOf(a) ? b : a));
    if (timeOf(oldest) <= sinceMs) return;
    params = venue.restTradesOlder?.(oldest) ?? {};
  }
  fill.log(
    `${pair.pair}: ${MAX_FILL_PAGES} pages of REST trades did not reach back to ${new Date(sinceMs).toISOString()}`,
  );
}

function tellShort(fill: GapFill, trades: readonly CcxtTrade[]): void {
  if (trades.length === 0) return;
  const oldest = Math.min(...trades.map(timeOf));
  if (oldest > fill.sinceMs + 1000) {
    fill.log(
      `${fill.pair.pair}: REST reaches back to ${new Date(oldest).toISOString()} only; trades since ${new Date(fill.sinceMs).toISOString()} before it are lost`,
    );
  }
}
