// The interface's enumerations: filters, scales, interest-rate types, FX currencies and wire formats.
// Both the service and the dashboard read these; nothing here imports the rest of the project.

/** The length of one trades block: the service aggregates trades into 120-second blocks. */
export const BLOCK_SECONDS = 120;

/**
 * Filters a chart can show. MEDIR120 and MAIR120 are the two the interface names; MA120 (the quotation
 * price, a 120 s time-weighted moving average) is also accepted because symbol details' gfx1 uses it.
 */
export const FILTERS = ["MEDIR120", "MAIR120", "MA120"] as const;
export type Filter = (typeof FILTERS)[number];

/** Scales of the chart-point endpoints and the length of one bucket, in seconds. */
export const SCALE_SECONDS = {
  "5m": 300,
  "30m": 1_800,
  "1h": 3_600,
  "4h": 14_400,
  "1d": 86_400,
  "1w": 604_800,
} as const;
export type Scale = keyof typeof SCALE_SECONDS;
export const SCALES = Object.keys(SCALE_SECONDS) as Scale[];

const DAY = 86_400;

/**
 * Weekly buckets start on Monday 00:00 UTC (ISO weeks). The Unix epoch was a Thursday, so buckets are
 * shifted by four days; InfluxDB's epoch-aligned weeks started on Thursdays, which nobody expects.
 */
export const WEEK_OFFSET_SECONDS = 4 * DAY;

/** Start of the UTC bucket of `scale` that holds the time `t` (Unix seconds). */
export function bucketStart(t: number, scale: Scale): number {
  const size = SCALE_SECONDS[scale];
  const offset = scale === "1w" ? WEEK_OFFSET_SECONDS : 0;
  return Math.floor((t - offset) / size) * size + offset;
}

/** Interest-rate types, their issuer, first publication date and the decimals they are quoted with. */
export const RATE_TYPES = {
  ESTER: { issuer: "ECB", firstDate: "2019-10-01", decimals: 3, name: "Euro short-term rate (€STR)" },
  SOFR: { issuer: "FED", firstDate: "2018-04-02", decimals: 2, name: "Secured Overnight Financing Rate" },
  SOFR30: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "30-day average SOFR" },
  SOFR90: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "90-day average SOFR" },
  SOFR180: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "180-day average SOFR" },
  SAFR: { issuer: "FED", firstDate: "2020-03-02", decimals: 8, name: "SOFR Index" },
  SONIA: { issuer: "BOE", firstDate: "1997-01-02", decimals: 4, name: "Sterling Overnight Index Average" },
} as const;
export type RateType = keyof typeof RATE_TYPES;
export const RATE_TYPE_SYMBOLS = Object.keys(RATE_TYPES) as RateType[];

/** Currencies of the `change` block: units of the currency per 1 USD, as the ECB reference rates give them. */
export const FX_CURRENCIES = ["EUR", "JPY", "GBP", "SEK", "CHF", "NOK", "AUD", "CAD", "CNY", "KRW"] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];

/**
 * Wire formats the service can speak. `seed`: the interface document's camelCase fields and the
 * `dataPoints` CSV string. `dia`: the public service's PascalCase fields and InfluxDB-style chart points.
 */
export const WIRE_FORMATS = ["seed", "dia"] as const;
export type WireFormat = (typeof WIRE_FORMATS)[number];

/** The fair-usage limit the interface states: 5 requests a minute per client. */
export const DEFAULT_RATE_LIMIT = 5;
export const RATE_LIMIT_WINDOW_SECONDS = 60;
