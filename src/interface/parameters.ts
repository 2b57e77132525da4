// The parameters of the eleven endpoints as zod schemas. Each schema's error message says what is
// allowed; the service prefixes it with where the parameter is and what was given.
import { z } from "zod";
import { FILTERS, RATE_TYPE_SYMBOLS, SCALES } from "./vocabulary.ts";

export const symbolParam = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/, {
    error:
      "must be a coin symbol: 1–20 letters, digits, '.', '_' or '-' (symbols are case-sensitive, e.g. BTC)",
  })
  .meta({ description: "Coin symbol, case-sensitive (from GET /v1/coins or /v1/symbols)", example: "BTC" });

export const exchangeParam = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, {
    error: "must be an exchange name: 1–40 letters, digits, spaces, '.', '_' or '-' (e.g. Binance)",
  })
  .meta({ description: "Exchange name, as in GET /v1/pairs", example: "Binance" });

export const filterParam = z
  .enum(FILTERS, { error: `must be one of ${FILTERS.join(", ")}` })
  .meta({ description: "Filter: MEDIR120 or MAIR120 (MA120, the quotation price, is also accepted)" });

export const scaleParam = z
  .enum(SCALES, { error: `must be one of ${SCALES.join(", ")} (or omitted for the raw 120-second values)` })
  .optional()
  .meta({ description: "Bucket size; omitted: the raw 120-second block values" });

const unixSeconds = (what: string) =>
  z
    .string()
    .regex(/^\d{1,11}$/, {
      error: "must be Unix seconds: 1–11 digits (a whole number ≥ 0, no sign or spaces)",
    })
    .transform(Number)
    .optional()
    .meta({ description: what, example: "1763800000" });

export const startTimeParam = unixSeconds(
  "Start of the range, Unix seconds (default: by scale, see description)",
);
export const endTimeParam = unixSeconds("End of the range, Unix seconds (default: now)");

export const rateTypeParam = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, { error: `must be a rate type: one of ${RATE_TYPE_SYMBOLS.join(", ")}` })
  .meta({ description: `Short-hand symbol of a rate: ${RATE_TYPE_SYMBOLS.join(", ")}`, example: "ESTER" });

export const rateDateParam = z
  .string()
  .regex(/^\d{4}[-:]\d{2}[-:]\d{2}$/, { error: "must be a date as yyyy-mm-dd (yyyy:mm:dd also accepted)" })
  .meta({
    description: "Date as yyyy-mm-dd (the interface's yyyy:mm:dd also accepted)",
    example: "2026-11-20",
  });

export const ChartPointsParams = z.object({
  filter: filterParam,
  trading_place: exchangeParam,
  symbol: symbolParam,
});
export const ChartPointsAllExchangesParams = z.object({ filter: filterParam, symbol: symbolParam });
export const ChartPointsQuery = z.object({
  scale: scaleParam,
  starttime: startTimeParam,
  endtime: endTimeParam,
});
export const SymbolPathParams = z.object({ symbol: symbolParam });
export const CandlesParams = z.object({ trading_place: exchangeParam, symbol: symbolParam });
export const ProvenanceQuery = z.object({
  time: unixSeconds("A time within the block, Unix seconds (default: the newest block)"),
});
export const RateTypeParams = z.object({ rateType: rateTypeParam });
export const RateTypeDateParams = z.object({ rateType: rateTypeParam, date: rateDateParam });
export const RateRangeQuery = z.object({
  dateInit: rateDateParam
    .optional()
    .meta({ description: "First effective date of a range (returns an array)" }),
  dateFinal: rateDateParam
    .optional()
    .meta({ description: "Last effective date of a range (default: today)" }),
});

/**
 * The grammar of a number read from text (a query, path or form field, or a JSON string): decimal digits
 * with an optional fraction and exponent, as JSON writes numbers. A leading minus is read too, so that
 * "-3" is told it is out of range rather than malformed. Hex, binary, octal, '+', spaces, separators,
 * "Infinity" and "NaN" are not numbers here (Number() would take most of them).
 */
export const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
export const DECIMAL_NUMBER_RULE =
  "a decimal number: digits with an optional fraction and exponent, e.g. 19912345, 19912345.5 or 1.99e7 " +
  "(no '+', spaces, separators, hex, binary or octal)";

/** POST /v1/supply takes these as query parameters (as the interface says), a form body or a JSON body. */
export const SupplyPostQuery = z.object({
  Symbol: z.string().optional().meta({ description: "Coin symbol", example: "BTC" }),
  CirculatingSupply: z.string().optional().meta({
    description:
      "Coins in circulation: a decimal number > 0 and ≤ 1e15 (digits, optional fraction and exponent)",
    example: "19912345",
  }),
  Source: z.string().optional().meta({ description: "Who reports the value (default: api)", example: "api" }),
});

export const SupplyPostBody = z
  .looseObject({
    Symbol: z.string().optional(),
    CirculatingSupply: z.union([z.number(), z.string()]).optional(),
    Source: z.string().optional(),
  })
  .meta({
    id: "SupplyPost",
    description:
      "Symbol and CirculatingSupply (a number, or text in the decimal grammar: digits with an optional fraction " +
      "and exponent), optionally Source; camelCase names are accepted too; each field once across query and body",
  });

/** Largest circulating supply the service accepts. */
export const MAX_CIRCULATING_SUPPLY = 1e15;
