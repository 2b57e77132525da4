// A ccxt exchange (its "pro" class: REST and WebSocket) for one venue, pointed at its EXCHANGE_HOSTS origin
// where one is set, rate-limited by ccxt; and all the source reads of ccxt's objects beyond its typed API.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { pro as ccxtPro } from "ccxt";
import { redirectAddresses } from "./exchange-hosts.ts";
import type { RawTrade } from "./trade-intake.ts";
import type { Venue, VenuePair } from "./venue.ts";

export type CcxtExchange = InstanceType<(typeof ccxtPro)["binance"]>;

type ExchangeClass = new (config: Record<string, unknown>) => CcxtExchange;

/**
 * The class of one exchange, loaded on first use: its own module, found beside ccxt's index (the only
 * export), rather than the index of its hundred exchanges; else the index.
 */
async function exchangeClass(ccxtId: string): Promise<ExchangeClass | undefined> {
  try {
    const entry = createRequire(import.meta.url).resolve("ccxt");
    const file = join(dirname(entry), "..", "js", "src", "pro", `${ccxtId}.js`);
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof module.default === "function") return module.default as ExchangeClass;
  } catch {
    // Fall back to the index below.
  }
  const { pro } = await import("ccxt");
  return (pro as unknown as Record<string, ExchangeClass>)[ccxtId];
}

export async function ccxtExchange(venue: Venue, origin: URL | null): Promise<CcxtExchange> {
  const Class = await exchangeClass(venue.ccxtId);
  if (!Class) throw new Error(`ccxt has no exchange ${venue.ccxtId}`);
  const exchange = new Class({ enableRateLimit: true, options: venue.options });
  if (origin) {
    redirectAddresses(exchange.urls as Record<string, unknown>, origin);
    // ccxt refuses plain ws:// addresses until its proxy agents are loaded (Exchange.getHttpAgentIfNeeded).
    if (origin.protocol === "http:") await exchange.loadHttpProxyAgent();
  }
  return exchange;
}

/** ccxt's unified trade, the fields the source reads. */
export interface CcxtTrade {
  id?: string;
  timestamp?: number;
  price?: number;
  amount?: number;
  /** The taker's side. */
  side?: string;
  info?: unknown;
}

/** HTX: ccxt's id of a streamed trade is not its id over REST; the venue knows the one both carry. */
export function tradeIdOf(venue: Venue, trade: CcxtTrade): string | undefined {
  return venue.tradeId?.(trade) ?? trade.id;
}

/** A unified trade as the intake takes it, or null when it lacks what a trade needs. */
export function rawTrade(venue: Venue, pair: VenuePair, trade: CcxtTrade): RawTrade | null {
  const { timestamp, price, amount, side } = trade;
  const id = tradeIdOf(venue, trade);
  if (id === undefined || timestamp === undefined || !(price && price > 0) || !(amount && amount > 0))
    return null;
  return {
    exchange: venue.name,
    symbol: pair.symbol,
    quote: pair.quote,
    pair: pair.pair,
    id: String(id),
    timeMs: timestamp,
    price,
    amount,
    side: side === "sell" ? "sell" : "buy",
  };
}

/** Closes ccxt's sockets to the exchange: the pending watches fail and the next ones connect anew. */
export function closeSockets(exchange: CcxtExchange): void {
  const clients = (exchange as unknown as { clients?: Record<string, { close?: () => unknown }> }).clients;
  for (const client of Object.values(clients ?? {})) {
    try {
      client.close?.();
    } catch {
      // Already closed.
    }
  }
}

/** Whether one of ccxt's sockets to the exchange is open now. */
export function socketOpen(exchange: CcxtExchange): boolean {
  const clients = (exchange as unknown as { clients?: Record<string, { isOpen?: () => boolean }> }).clients;
  return Object.values(clients ?? {}).some((client) => {
    try {
      return client.isOpen?.() === true;
    } catch {
      return false;
    }
  });
}

/**
 * The most candles one request returns (ccxt's `features`): an exchange that returns a time window (Coinbase:
 * 300 minutes from `since`) returns an empty page for a window without trades, and the next page starts
 * that many minutes later.
 */
export function candlesPerPage(exchange: CcxtExchange): number {
  const features = (exchange as unknown as { features?: { spot?: { fetchOHLCV?: { limit?: number } } } })
    .features;
  return Math.min(1000, features?.spot?.fetchOHLCV?.limit ?? 500);
}

/** The trades ccxt keeps of a symbol (its cache), oldest first. */
function cachedTrades(exchange: CcxtExchange, ccxtSymbol: string): readonly CcxtTrade[] {
  return (exchange as unknown as { trades?: Record<string, CcxtTrade[]> }).trades?.[ccxtSymbol] ?? [];
}

/** ccxt's cache of a pair is let go once this many of its trades were read (ccxt's own 1000 holds memory). */
const KEPT_TRADES = 25;
/** ccxt's own tradesLimit: a cache this full has dropped its oldest. */
const CCXT_TRADES_LIMIT = 1000;

/**
 * Reads one pair's trade cache by a cursor: the cache is where every parsed trade lands, in arrival order,
 * so a cursor takes each exactly once (the watch's own result is not used). A cache whose KEPT_TRADES were
 * all read is let go, and ccxt starts a new one with the pair's next message.
 */
export class TradeCacheCursor {
  private cache: readonly CcxtTrade[] | null = null;
  private consumed = 0;

  /** The trades added since the last read; `seen` decides for a full cache, whose oldest ccxt dropped. */
  read(exchange: CcxtExchange, ccxtSymbol: string, seen: (trade: CcxtTrade) => boolean): CcxtTrade[] {
    const cache = cachedTrades(exchange, ccxtSymbol);
    if (cache !== this.cache) {
      this.cache = cache;
      this.consumed = 0;
    }
    const fresh =
      cache.length >= CCXT_TRADES_LIMIT ? cache.filter((t) => !seen(t)) : cache.slice(this.consumed);
    this.consumed = cache.length;
    if (this.consumed >= KEPT_TRADES) {
      const caches = (exchange as unknown as { trades?: Record<string, unknown> }).trades;
      if (caches) delete caches[ccxtSymbol];
      this.cache = null;
      this.consumed = 0;
    }
    return fresh;
  }
}
