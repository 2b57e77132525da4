// For tests: resources as this service sends them (camelCase) and their public-service form (PascalCase,
// chart points as InfluxDB results newest first), built from the same values.
import { decodeDataPoints, encodeDataPoints, formatUtcSecond } from "../../../interface/data-points.ts";
import { type DiaPoints, diaFieldName, INFLUX_COLUMNS, type InfluxRow } from "../../../interface/dia-wire.ts";
import type {
  Coins,
  InterestRate,
  Pairs,
  Quotation,
  Supply,
  SymbolDetails,
  Symbols,
  Trade,
} from "../../../interface/resources.ts";

/** Rows as the public service wrote them for these points: newest first, a null exchange across exchanges. */
export function influxPoints(
  series: { exchange: string | null; filter: string; symbol: string },
  points: readonly (readonly [time: number, value: number | null])[],
  options: { statementId?: boolean; newestFirst?: boolean } = {},
): DiaPoints {
  const rows = points.map(
    ([time, value]) =>
      [formatUtcSecond(time), series.exchange, series.filter, series.symbol, value] as unknown as InfluxRow,
  );
  if (options.newestFirst ?? true) rows.reverse();
  const name = "filters";
  const result = { Series: [{ name, columns: [...INFLUX_COLUMNS], values: rows }], Messages: null };
  return { DataPoints: [options.statementId === false ? result : { statement_id: 0, ...result }] };
}

/** The public service's form of a camelCase resource: each field name through diaFieldName. */
export function toDiaWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDiaWire);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "dataPoints" && typeof field === "string") {
      const points = decodeDataPoints(field);
      const first = points[0] ?? { exchange: null, filter: "MA120", symbol: "BTC" };
      out.DataPoints = influxPoints(
        first,
        points.map((p) => [p.time, p.value] as const),
      ).DataPoints;
    } else out[diaFieldName(key)] = toDiaWire(field);
  }
  return out;
}

const TIME = "2026-11-22T09:24:00.412Z";
const btcGfx = encodeDataPoints(
  { exchange: null, filter: "MA120", symbol: "BTC" },
  [1_795_339_200, 1_795_339_320, 1_795_339_440],
  [95_123.5, 95_130.25, 95_118],
);

export const QUOTATION: Quotation = {
  symbol: "BTC",
  name: "Bitcoin",
  price: 95_123.5,
  priceYesterday: null,
  volumeYesterdayUSD: 298_134_760.8811487,
  source: "crowd",
  time: TIME,
};

export const SUPPLY: Supply = {
  symbol: "BTC",
  name: "Bitcoin",
  circulatingSupply: 19_912_345,
  source: "api",
  time: TIME,
  block: 14_961_160,
};

const TRADE: Trade = {
  symbol: "ETH",
  pair: "ETH-USDT",
  price: 3012.5,
  volume: -0.25,
  time: TIME,
  foreignTradeID: "t-8812",
  estimatedUSDPrice: 3011.9,
  source: "Kraken",
};

export const COINS: Coins = {
  completeCoinList: [
    { symbol: "BTC", name: "Bitcoin" },
    { symbol: "ETH", name: "Ether" },
  ],
  change: { usd: [{ symbol: "EUR", rate: 0.8995, rateYesterday: 0.9001 }] },
  coins: [
    {
      symbol: "BTC",
      name: "Bitcoin",
      price: 95_123.5,
      priceYesterday: 94_000,
      volumeYesterdayUSD: 352_085_287.04,
      time: TIME,
      circulatingSupply: 19_912_345,
    },
    {
      symbol: "ETH",
      name: "Ether",
      price: 3012.5,
      priceYesterday: null,
      volumeYesterdayUSD: null,
      time: TIME,
      circulatingSupply: null,
    },
  ],
};

export const PAIRS: Pairs = {
  pairs: [{ symbol: "BTC", foreignName: "BTC-USDT", exchange: "Binance", ignore: false }],
};

export const SYMBOLS: Symbols = { symbols: ["BTC", "ETH"] };

export const SYMBOL_DETAILS: SymbolDetails = {
  change: null,
  coin: COINS.coins[0] as Coins["coins"][number],
  rank: 1,
  exchanges: [
    {
      name: "Kraken",
      price: 95_120,
      priceYesterday: 94_010.5,
      volumeYesterdayUSD: 1_000_000,
      time: null,
      lastTrades: [TRADE, { ...TRADE, foreignTradeID: "t-8811", volume: 1.5 }],
    },
  ],
  gfx1: { dataPoints: btcGfx },
};

export const INTEREST_RATES: InterestRate[] = [
  {
    symbol: "ESTER",
    value: 1.932,
    publicationTime: "2026-11-20T08:00:00Z",
    effectiveDate: "2026-11-19T00:00:00Z",
    source: "ECB",
  },
];
