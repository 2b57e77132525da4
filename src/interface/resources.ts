// The interface's resources as zod schemas, with the field names of its tables (camelCase).
// Field order follows the public service's structs, so the PascalCase wire keeps its order too.
// The service validates and documents with these; the dashboard takes its types from them.
import { z } from "zod";

const time = z.string().meta({
  description: "RFC 3339 time in UTC, e.g. 2026-11-22T09:24:00.412Z",
  example: "2026-11-22T09:24:00.412Z",
});
const usd = (description: string) => z.number().meta({ description });
const usdOrNull = (description: string) => z.number().nullable().meta({ description });
const symbol = z.string().meta({ description: "Coin symbol, case-sensitive", example: "BTC" });

export const PairSchema = z
  .object({
    symbol,
    foreignName: z.string().meta({ description: "The exchange's own name of the pair", example: "BTC-USDT" }),
    exchange: z.string().meta({ example: "Binance" }),
    ignore: z.boolean().meta({ description: "true when the aggregation leaves this pair's trades out" }),
  })
  .meta({ id: "Pair", description: "A traded pair on one exchange" });

export const SupplySchema = z
  .object({
    symbol,
    name: z.string().meta({ example: "Bitcoin" }),
    circulatingSupply: z.number().meta({ description: "Coins in circulation", example: 19_912_345 }),
    source: z.string().meta({ description: "Who reported the value", example: "api" }),
    time,
    block: z
      .int()
      .meta({ description: "The 120-second market block (Unix time / 120) the value was stored in" }),
  })
  .meta({ id: "Supply", description: "The circulating supply of a coin" });

export const SymbolsSchema = z
  .object({ symbols: z.array(z.string()).meta({ example: ["BTC", "ETH"] }) })
  .meta({ id: "Symbols", description: "All symbols" });

export const TradeSchema = z
  .object({
    symbol,
    pair: z.string().meta({ example: "BTC-USDT" }),
    price: z.number().meta({ description: "Price in the pair's quote currency" }),
    volume: z.number().meta({ description: "Amount of the coin traded; negative for a sell" }),
    time,
    foreignTradeID: z.string().meta({ description: "The exchange's trade id" }),
    estimatedUSDPrice: usd("Price converted to USD at the time of the trade"),
    source: z.string().meta({ description: "Exchange", example: "Binance" }),
  })
  .meta({ id: "Trade", description: "One trade on one exchange" });

export const CurrencyChangeSchema = z
  .object({
    symbol: z.string().meta({ example: "EUR" }),
    rate: z.number().meta({ description: "Units of the currency per 1 USD today" }),
    rateYesterday: z.number().meta({ description: "Units of the currency per 1 USD the day before" }),
  })
  .meta({ id: "CurrencyChange" });

export const ChangeSchema = z
  .object({ usd: z.array(CurrencyChangeSchema) })
  .meta({ id: "Change", description: "USD foreign-exchange rates (ECB reference rates)" });

export const CoinSchema = z
  .object({
    symbol,
    name: z.string().meta({ example: "Bitcoin" }),
    price: usd("MA120 price across all exchanges, USD"),
    priceYesterday: usdOrNull("MA120 price 24 hours earlier, USD; null without that much history"),
    volumeYesterdayUSD: usdOrNull("Traded volume of the last 24 hours, USD"),
    time,
    circulatingSupply: z.number().nullable().meta({ description: "null when no supply is known" }),
  })
  .meta({ id: "Coin" });

export const CoinSymbolAndNameSchema = z
  .object({ symbol, name: z.string().meta({ example: "Bitcoin" }) })
  .meta({ id: "CoinSymbolAndName" });

export const CoinsSchema = z
  .object({
    completeCoinList: z.array(CoinSymbolAndNameSchema).meta({ description: "Every coin, by market cap" }),
    change: ChangeSchema.nullable(),
    coins: z.array(CoinSchema).meta({ description: "The top 50 coins by market cap" }),
  })
  .meta({ id: "Coins" });

export const PairsSchema = z.object({ pairs: z.array(PairSchema) }).meta({ id: "Pairs" });

export const DATA_POINTS_DESCRIPTION = [
  "CSV text. The first line is the header `time,exchange,filter,symbol,value`; then one line per point,",
  "oldest first. `time` is RFC 3339 UTC to the second; `exchange` is empty for all-exchanges points;",
  "`value` is a USD number in shortest round-trip form. A raw point (no scale) is one 120-second block's",
  "filter value; a scaled point is the mean of the block values of its whole UTC bucket, stamped at the",
  "bucket start (weeks start on Monday), and starttime/endtime select buckets by their start.",
].join(" ");

export const PointsSchema = z
  .object({
    dataPoints: z.string().meta({
      description: DATA_POINTS_DESCRIPTION,
      example: "time,exchange,filter,symbol,value\n2026-11-22T09:20:00Z,Binance,MEDIR120,BTC,95123.5\n",
    }),
  })
  .meta({ id: "Points", description: "Chart points" });

export const CANDLES_DESCRIPTION = [
  "CSV text. The first line is the header",
  "`time,exchange,symbol,open,high,low,close,volume,buyVolume,sellVolume,trades`; then one line per bucket with",
  "trades, oldest first. `time` is the bucket start, RFC 3339 UTC; `exchange` is empty across exchanges;",
  "prices are USD, volumes in the coin's own units (buy and sell by the taker's side). A raw candle (no scale)",
  "is one 120-second block; a scaled candle combines its blocks: the first open, the highest high, the lowest",
  "low, the last close and the sums, so a bucket equals the combination of the finer buckets it holds.",
].join(" ");

export const CandlesSchema = z
  .object({
    candles: z.string().meta({
      description: CANDLES_DESCRIPTION,
      example:
        "time,exchange,symbol,open,high,low,close,volume,buyVolume,sellVolume,trades\n" +
        "2026-11-22T09:20:00Z,Binance,BTC,95120.5,95140,95101.25,95133,3.5124,2.1,1.4124,41\n",
    }),
  })
  .meta({ id: "Candles", description: "Candles (OHLCV), an extension of the interface" });

export const QuotationSchema = z
  .object({
    symbol,
    name: z.string().meta({ example: "Bitcoin" }),
    price: usd("MA120 price across all exchanges, USD"),
    priceYesterday: usdOrNull("MA120 price 24 hours earlier, USD"),
    volumeYesterdayUSD: usdOrNull("Traded volume of the last 24 hours, USD"),
    source: z.string().meta({ example: "crowd" }),
    time,
  })
  .meta({ id: "Quotation" });

export const SymbolExchangeDetailsSchema = z
  .object({
    name: z.string().meta({ description: "Exchange", example: "Kraken" }),
    price: usd("MA120 price on this exchange, USD"),
    priceYesterday: usdOrNull("MA120 price on this exchange 24 hours earlier"),
    volumeYesterdayUSD: usdOrNull("Volume on this exchange over the last 24 hours, USD"),
    time: time.nullable().meta({ description: "Time of the last trade on this exchange" }),
    lastTrades: z.array(TradeSchema).meta({ description: "Up to 10 newest trades, newest first" }),
  })
  .meta({ id: "SymbolExchangeDetails" });

export const SymbolDetailsSchema = z
  .object({
    change: ChangeSchema.nullable(),
    coin: CoinSchema,
    rank: z.int().meta({ description: "1-based rank by market cap; 0 outside the top 50" }),
    exchanges: z.array(SymbolExchangeDetailsSchema),
    gfx1: PointsSchema.meta({ description: "MA120 chart points across all exchanges, last 24 hours" }),
  })
  .meta({ id: "SymbolDetails" });

export const InterestRateSchema = z
  .object({
    symbol: z.string().meta({ example: "ESTER" }),
    value: z.number().meta({ description: "Percent; SAFR is an index level", example: 1.932 }),
    publicationTime: time,
    effectiveDate: time.meta({ description: "The day the fixing applies to, at 00:00 UTC" }),
    source: z.string().meta({ description: "Issuer", example: "ECB" }),
  })
  .meta({ id: "InterestRate" });

export const InterestRatesSchema = z.array(InterestRateSchema).meta({ id: "InterestRateRange" });

export const InterestRateMetaSchema = z
  .object({
    symbol: z.string().meta({ example: "SOFR" }),
    firstDate: time,
    decimals: z.int().meta({ description: "Decimals the rate is quoted with" }),
    issuer: z.string().meta({ example: "FED" }),
  })
  .meta({ id: "InterestRateMeta" });

export const InterestRateMetaListSchema = z.array(InterestRateMetaSchema).meta({ id: "InterestRateList" });

export const ErrorRecordSchema = z
  .object({
    errorcode: z.int().meta({ description: "Equals the HTTP status", example: 404 }),
    errormessage: z.string().meta({ description: "What went wrong, naming the parameter or resource" }),
  })
  .meta({ id: "Error", description: "Every failure answers this record" });

export type Supply = z.infer<typeof SupplySchema>;
export type Symbols = z.infer<typeof SymbolsSchema>;
export type Trade = z.infer<typeof TradeSchema>;
export type Change = z.infer<typeof ChangeSchema>;
export type Coin = z.infer<typeof CoinSchema>;
export type CoinSymbolAndName = z.infer<typeof CoinSymbolAndNameSchema>;
export type Coins = z.infer<typeof CoinsSchema>;
export type Pairs = z.infer<typeof PairsSchema>;
export type Quotation = z.infer<typeof QuotationSchema>;
export type SymbolExchangeDetails = z.infer<typeof SymbolExchangeDetailsSchema>;
export type SymbolDetails = z.infer<typeof SymbolDetailsSchema>;
export type InterestRate = z.infer<typeof InterestRateSchema>;
export type InterestRateMeta = z.infer<typeof InterestRateMetaSchema>;
export type ErrorRecord = z.infer<typeof ErrorRecordSchema>;
