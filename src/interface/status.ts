// GET /status: our service's own health record (the public service has none, so it is outside /v1 and the
// interface's table): where the market comes from, each exchange's health, where the rates come from. The
// service writes it and the dashboard's market-source pill reads it, both by this schema.
import { z } from "zod";

const time = z.string().nullable().meta({ description: "RFC 3339 time in UTC, or null before the first" });

/** One resolution of an exchange's history from candles: what it covers and how far its filling is. */
export const HistoryStretchSchema = z.object({
  resolution: z
    .enum(["1m", "1h", "1d"])
    .meta({ description: "The candles' interval: a minute, an hour, a day" }),
  fromMs: z.number().meta({ description: "The candles it fills open from here (Unix ms)…" }),
  toMs: z.number().meta({ description: "…to here (Unix ms, exclusive)" }),
  coveredFromMs: z
    .number()
    .nullable()
    .meta({ description: "The oldest candle stored so far (an exchange may keep fewer), or null" }),
  state: z.enum(["waiting", "running", "done"]),
  done: z.number().meta({ description: "Steps done: pairs' requests (hourly, daily) or blocks (1-minute)" }),
  total: z.number().meta({ description: "Steps in all" }),
});
export type HistoryStretch = z.infer<typeof HistoryStretchSchema>;

export const ExchangeHealthSchema = z.object({
  name: z.string(),
  connected: z.boolean(),
  /** Pairs subscribed (of the market's coins). */
  pairs: z.number(),
  lastTradeTime: time,
  /** Trades taken since the source started. */
  tradesTaken: z.number(),
  /** Trades taken in the last five minutes, per minute. */
  tradesPerMinute: z.number(),
  reconnects: z.number(),
  /** Trades fetched over REST after a reconnect that the stream had missed. */
  filledOverRest: z.number(),
  droppedLate: z.number(),
  droppedDuplicate: z.number(),
  /**
   * The history from candles behind the live streams: its state over all resolutions, the blocks made of
   * 1-minute candles, and each resolution's stretch.
   */
  backfill: z.object({
    state: z.enum(["none", "running", "done"]),
    doneBlocks: z.number(),
    totalBlocks: z.number(),
    history: z
      .array(HistoryStretchSchema)
      .optional()
      .meta({ description: "Each resolution's stretch; absent before the history starts" }),
  }),
});
export type ExchangeHealth = z.infer<typeof ExchangeHealthSchema>;

export const StatusSchema = z.object({
  market: z.object({
    source: z.enum(["simulator", "exchanges"]),
    /** Why the simulator stands in for the real market the service wanted (MARKET_SOURCE auto); absent from older services. */
    fallback: z.string().nullable().optional(),
    latestBlockEnd: time,
    exchanges: z.array(ExchangeHealthSchema),
  }),
  rates: z.object({ source: z.enum(["history", "issuers"]) }),
});
export type Status = z.infer<typeof StatusSchema>;
