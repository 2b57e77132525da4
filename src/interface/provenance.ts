// How a block's price was made from the crowd (an extension of the interface): the exchanges whose trades
// went into one 120-second block of a coin, each with its weight and its own value beside the aggregate,
// the trades the interquartile filter left out, and the exchanges that were quiet or down.
import { z } from "zod";

const time = z.string().meta({ description: "RFC 3339 time in UTC", example: "2026-11-22T09:24:00Z" });
const count = (description: string) => z.int().min(0).meta({ description });
const coins = (description: string) => z.number().min(0).meta({ description });

/** What a block of one series holds: its three filter values and its candle. */
export const BlockFiguresSchema = z
  .object({
    ma120: z.number().meta({ description: "MA120 at the block end, USD (the quotation price)" }),
    mair120: z.number().nullable().meta({ description: "MAIR120, USD; null without trades" }),
    medir120: z.number().nullable().meta({ description: "MEDIR120, USD; null without trades" }),
    open: z.number().nullable().meta({ description: "USD price of the first trade; null without trades" }),
    high: z.number().nullable().meta({ description: "Highest USD price; null without trades" }),
    low: z.number().nullable().meta({ description: "Lowest USD price; null without trades" }),
    close: z.number().nullable().meta({ description: "USD price of the last trade; null without trades" }),
    volume: coins("Coins traded (buyVolume + sellVolume)"),
    buyVolume: coins("Coins bought by takers"),
    sellVolume: coins("Coins sold by takers"),
    trades: count("Trades in the block"),
    tradesLeftOut: count("Trades the interquartile filter (MEDIR120) left out as outliers"),
  })
  .meta({ id: "BlockFigures" });

export const EXCHANGE_ROLES = ["contributed", "quiet", "down"] as const;

export const ContributionSchema = z
  .object({
    exchange: z.string().meta({ example: "Binance" }),
    role: z.enum(EXCHANGE_ROLES).meta({
      description:
        "contributed: traded in the block; quiet: its pairs are followed but did not trade; " +
        "down: its stream was not connected (known for the newest block only)",
    }),
    weight: z.number().min(0).max(1).meta({ description: "Its share of the block's volume (0–1)" }),
    distance: z.number().nullable().meta({
      description:
        "Its own MA120 relative to the aggregate's, as a fraction (0.001 = 0.1 % above); null if none",
    }),
    figures: BlockFiguresSchema.nullable().meta({ description: "Its own block; null when it has none" }),
  })
  .meta({ id: "Contribution" });

export const LeftOutTradeSchema = z
  .object({
    exchange: z.string(),
    time,
    estimatedUSDPrice: z.number(),
    volume: z.number().meta({ description: "Coins; negative for a sell" }),
    foreignTradeID: z.string(),
  })
  .meta({ id: "LeftOutTrade" });

export const ProvenanceSchema = z
  .object({
    symbol: z.string().meta({ example: "BTC" }),
    blockStart: time,
    blockEnd: time,
    madeFrom: z.enum(["trades", "candles"]).meta({
      description:
        "trades: the block was made from the exchanges' trades as they happened; candles: from their " +
        "candles (a real market's history before the service ran), each standing for four trades, so " +
        "its open, high, low, close and volume are the candles' but its trade counts and its split of buy " +
        "and sell volume are not known; `resolution` says which candles",
    }),
    resolution: z
      .enum(["1m", "1h", "1d"])
      .optional()
      .meta({
        description:
          "Present when madeFrom is candles: 1m, the block is its two minutes' candles; 1h or 1d, the " +
          "block is the last of an hour or a day and holds that whole hour's or day's candle (the blocks " +
          "before it in the hour or day have none)",
      }),
    aggregate: BlockFiguresSchema.meta({ description: "The block across all exchanges" }),
    exchanges: z
      .array(ContributionSchema)
      .meta({ description: "Every exchange followed for the coin, heaviest first" }),
    leftOut: z
      .array(LeftOutTradeSchema)
      .nullable()
      .meta({
        description:
          "The trades the aggregate's interquartile filter left out; null when the block's trades are no " +
          "longer kept (the service keeps the last hour of trades), when only their number is known",
      }),
  })
  .meta({ id: "Provenance", description: "How a coin's block was made from the crowd" });

export type Provenance = z.infer<typeof ProvenanceSchema>;
export type BlockFigures = z.infer<typeof BlockFiguresSchema>;
export type Contribution = z.infer<typeof ContributionSchema>;
