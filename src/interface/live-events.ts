// The live stream (an extension of the interface): what a client follows on one open stream and the events
// it receives. The service's stream route writes these, the dashboard's live connection reads them, and the
// OpenAPI document describes them (each event's schema beside the text/event-stream response).
// Every event carries `id`, one sequence made where the events are made (the ingest), so a client resumes
// on any replica with Last-Event-ID, and `time`, the time of the newest trade it includes.
import { z } from "zod";
import { exchangeParam, symbolParam } from "./parameters.ts";
import { SCALES } from "./vocabulary.ts";

/** Candle scales a stream follows: a block's own (`block`, 120 s) or a chart scale. */
export const LIVE_CANDLE_SCALES = ["block", ...SCALES] as const;
export type LiveCandleScale = (typeof LIVE_CANDLE_SCALES)[number];

/** At most this many subjects of each kind on one stream (the coin list's prices are one: `all`). */
export const MAX_SUBJECTS = 20;

const SymbolName = symbolParam;
const ExchangeName = exchangeParam;

/** What one stream follows. */
export const LiveSubjectsSchema = z.object({
  /** Live prices: of these symbols, or of every listed coin. */
  prices: z.union([z.literal("all"), z.array(SymbolName).max(MAX_SUBJECTS)]),
  /** Trades of a symbol on an exchange. */
  trades: z.array(z.object({ symbol: SymbolName, exchange: ExchangeName })).max(MAX_SUBJECTS),
  /** The forming candle of a symbol on an exchange, or across all exchanges (null), at a scale. */
  candles: z
    .array(
      z.object({ symbol: SymbolName, exchange: ExchangeName.nullable(), scale: z.enum(LIVE_CANDLE_SCALES) }),
    )
    .max(MAX_SUBJECTS),
});
export type LiveSubjects = z.infer<typeof LiveSubjectsSchema>;

/** A candle in USD, volumes in the coin's units (buy and sell by the taker's side). */
export const LiveCandleSchema = z.object({
  /** The bucket's start, RFC 3339 UTC. */
  start: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  buyVolume: z.number(),
  sellVolume: z.number(),
  trades: z.number().int(),
});
export type LiveCandle = z.infer<typeof LiveCandleSchema>;

const Base = {
  /** The event's place in the one sequence (also its SSE `id:`). */
  id: z.string(),
  /** The time of the newest trade the event includes, RFC 3339 UTC with milliseconds. */
  time: z.string(),
};

export const LiveEventSchemas = {
  /**
   * The quotation's price (MA120 across all exchanges, USD) over the forming block's trades so far; at the
   * block's close it equals the stored quotation. Merged to the newest for a slow reader.
   */
  price: z.object({ ...Base, symbol: SymbolName, price: z.number() }),
  /** Trades of one symbol on one exchange, oldest first, batched when they come fast. */
  trades: z.object({
    ...Base,
    symbol: SymbolName,
    exchange: ExchangeName,
    trades: z.array(
      z.object({
        time: z.string(),
        /** In the pair's quote currency. */
        price: z.number(),
        /** The trade's USD value per coin. */
        usdPrice: z.number(),
        /** Coin amount; negative for a sell. */
        volume: z.number(),
        pair: z.string(),
      }),
    ),
  }),
  /** The forming candle of a followed series at a scale; `final` when its bucket has closed. */
  candle: z.object({
    ...Base,
    symbol: SymbolName,
    exchange: ExchangeName.nullable(),
    scale: z.enum(LIVE_CANDLE_SCALES),
    candle: LiveCandleSchema,
    final: z.boolean(),
  }),
  /**
   * A block stored: its end, and per followed series its filter values and final candle, equal to what the
   * history endpoints answer for it. Never merged nor dropped for a slow reader.
   */
  block: z.object({
    ...Base,
    /** The block's end, RFC 3339 UTC. */
    end: z.string(),
    series: z.array(
      z.object({
        symbol: SymbolName,
        exchange: ExchangeName.nullable(),
        ma120: z.number(),
        mair120: z.number().nullable(),
        medir120: z.number().nullable(),
        candle: LiveCandleSchema.nullable(),
      }),
    ),
  }),
  /** The stream's own: its id (to change its subjects), what it follows and how long it may last. */
  open: z.object({
    ...Base,
    stream: z.string(),
    subjects: LiveSubjectsSchema,
    /** When the service will end this stream (a client reconnects with Last-Event-ID). */
    endsAt: z.string(),
  }),
  /** The events since Last-Event-ID are no longer kept: load history again, then follow. */
  reload: z.object({ ...Base, reason: z.string() }),
} as const;

export type LiveEventName = keyof typeof LiveEventSchemas;
export type LiveEvent<N extends LiveEventName> = z.infer<(typeof LiveEventSchemas)[N]>;

/** The exchange segment of a series across all exchanges, in a stream's query. */
const ALL_EXCHANGES = "all";

/**
 * A stream's subjects as its query names them: `prices=all` or `prices=BTC,ETH`; `trades=BTC:Binance`;
 * `candles=BTC:all:5m,ETH:Kraken:block` (`all`: across all exchanges). Empty parameters are left out.
 */
export function subjectsQuery(subjects: LiveSubjects): URLSearchParams {
  const query = new URLSearchParams();
  const prices = subjects.prices === "all" ? "all" : subjects.prices.join(",");
  if (prices !== "") query.set("prices", prices);
  const trades = subjects.trades.map((t) => `${t.symbol}:${t.exchange}`).join(",");
  if (trades !== "") query.set("trades", trades);
  const candles = subjects.candles
    .map((c) => `${c.symbol}:${c.exchange ?? ALL_EXCHANGES}:${c.scale}`)
    .join(",");
  if (candles !== "") query.set("candles", candles);
  return query;
}

/** Reads a stream's query back into subjects (their schema then checks them); a message names a bad item. */
export function subjectsOfQuery(query: {
  prices?: string | undefined;
  trades?: string | undefined;
  candles?: string | undefined;
}): { subjects: unknown } | { problem: string } {
  const items = (value: string | undefined) => (value ? value.split(",").filter((s) => s !== "") : []);
  const trades: { symbol: string; exchange: string }[] = [];
  for (const item of items(query.trades)) {
    const [symbol, exchange, ...rest] = item.split(":");
    if (!symbol || !exchange || rest.length > 0)
      return { problem: `trades: '${item}' is not SYMBOL:Exchange (as in BTC:Binance)` };
    trades.push({ symbol, exchange });
  }
  const candles: { symbol: string; exchange: string | null; scale: string }[] = [];
  for (const item of items(query.candles)) {
    const [symbol, exchange, scale, ...rest] = item.split(":");
    if (!symbol || !exchange || !scale || rest.length > 0)
      return { problem: `candles: '${item}' is not SYMBOL:Exchange:scale (as in BTC:all:5m)` };
    candles.push({ symbol, exchange: exchange === ALL_EXCHANGES ? null : exchange, scale });
  }
  const prices = query.prices === "all" ? "all" : items(query.prices);
  return { subjects: { prices, trades, candles } };
}
