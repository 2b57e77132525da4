import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CoinsSchema,
  InterestRatesSchema,
  PairsSchema,
  QuotationSchema,
  SupplySchema,
  SymbolDetailsSchema,
  SymbolsSchema,
} from "../../interface/resources.ts";
import { decodePointsValue } from "./chart-points/decode-points-value.ts";
import { decodeResource, errorRecordOf, parseBody } from "./decode.ts";
import { pythonRepr } from "./python-literal/testing/python-repr.ts";
import {
  COINS,
  INTEREST_RATES,
  PAIRS,
  QUOTATION,
  SUPPLY,
  SYMBOL_DETAILS,
  SYMBOLS,
  toDiaWire,
} from "./testing/wire-samples.ts";
import { DecodeError } from "./wire-value.ts";

/** The DecodeError `run` throws; fails the test when it throws none or another kind. */
function decodeErrorOf(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return error as DecodeError;
  }
  throw new Error("no DecodeError");
}

function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]));
}

function lowerCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerCaseKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), lowerCaseKeys(v)]));
}

describe("parseBody", () => {
  it("reads JSON, and a Python literal when the body is not JSON", () => {
    expect(parseBody('{"Symbols":["BTC"]}')).toEqual({ Symbols: ["BTC"] });
    expect(parseBody("{'Symbols': ('BTC',), 'Ok': True, 'Next': None}")).toEqual({
      Symbols: ["BTC"],
      Ok: true,
      Next: null,
    });
  });

  it("says a body is neither JSON nor a Python literal, where, with an excerpt", () => {
    const notFound = decodeErrorOf(() => parseBody("404 page not found"));
    expect(notFound.message).toBe(
      'the body is neither JSON nor a Python literal: expected the end of the text after the value, found "page" at 1:5',
    );
    expect(notFound.excerpt).toBe("404 page not found");
    const html = decodeErrorOf(() => parseBody(`<html>${"x".repeat(200)}</html>`));
    expect(html.message).toMatch(/neither JSON nor a Python literal: expected a value, found "<" at 1:1$/);
    expect(html.excerpt).toBe(`<html>${"x".repeat(74)}…`);
    const cut = `{"Coins": [${'{"Symbol": "BTC"}, '.repeat(20)}{"Symbol": "E`;
    const error = decodeErrorOf(() => parseBody(cut));
    expect(error.message).toMatch(/unterminated string: expected its closing quote at 1:\d+$/);
    expect(error.excerpt.startsWith("…")).toBe(true);
    expect(error.excerpt.length).toBeLessThanOrEqual(81);
    expect(decodeErrorOf(() => parseBody("")).message).toMatch(/found the end of the text at 1:1/);
  });

  it("turns hostile bodies into DecodeErrors, never a crash or a polluted prototype", () => {
    expect(decodeErrorOf(() => parseBody(`{'a': ${"[".repeat(100_000)}`)).message).toMatch(/nesting deeper/);
    expect(decodeErrorOf(() => parseBody(`'${"x".repeat(3_000_000)}`)).message).toMatch(
      /unterminated string/,
    );
    expect(decodeErrorOf(() => parseBody("\u0000\uffff\ud800")).message).toMatch(/expected a value/);
    const parsed = parseBody("{'__proto__': {'polluted': 1}, 'constructor': {'prototype': {'polluted': 1}}}");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    // Nor through the resource decoder.
    const quotation = decodeResource(
      QuotationSchema,
      { ...QUOTATION, ...(parsed as object) },
      "the quotation",
    );
    expect(quotation).toEqual(QUOTATION);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("gives back any JSON value, whether sent as JSON or as its Python repr", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary" }), (value) => {
        // JSON itself has no -0 (JSON.stringify(-0) is "0"); Python's repr keeps it as -0.0.
        expect(parseBody(JSON.stringify(value))).toEqual(withoutNegativeZero(value));
        expect(parseBody(pythonRepr(value))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });
});

describe("decodeResource reads both wires into the interface's resources", () => {
  const resources: [string, z.ZodType, unknown][] = [
    ["quotation", QuotationSchema, QUOTATION],
    ["supply", SupplySchema, SUPPLY],
    ["coins", CoinsSchema, COINS],
    ["pairs", PairsSchema, PAIRS],
    ["symbols", SymbolsSchema, SYMBOLS],
    ["symbol details", SymbolDetailsSchema, SYMBOL_DETAILS],
    ["interest rates", InterestRatesSchema, INTEREST_RATES],
  ];
  for (const [what, schema, sample] of resources) {
    it(`reads the ${what} as JSON and as a Python literal, in camelCase, PascalCase and lower case`, () => {
      for (const wire of [sample, toDiaWire(sample), lowerCaseKeys(sample)]) {
        expect(decodeResource(schema, parseBody(JSON.stringify(wire)), what)).toEqual(sample);
        expect(decodeResource(schema, parseBody(pythonRepr(wire)), what)).toEqual(sample);
      }
    });
  }

  it("maps the public service's names: CirculatingSupply, USD, Gfx1, ForeignTradeID, EstimatedUSDPrice", () => {
    const dia = toDiaWire(SYMBOL_DETAILS) as Record<string, unknown>;
    expect(Object.keys(dia)).toEqual(["Change", "Coin", "Rank", "Exchanges", "Gfx1"]);
    expect(JSON.stringify(dia)).toMatch(/"CirculatingSupply".*"ForeignTradeID".*"EstimatedUSDPrice"/);
    expect(JSON.stringify(toDiaWire(COINS))).toMatch(/"Change":\{"USD":\[/);
    expect(decodeResource(SymbolDetailsSchema, dia, "BTC details")).toEqual(SYMBOL_DETAILS);
  });

  it("turns the public service's Gfx1 InfluxDB rows into the same points as the CSV", () => {
    const dia = toDiaWire(SYMBOL_DETAILS) as { Gfx1: unknown };
    const details = decodeResource(SymbolDetailsSchema, dia, "BTC details");
    expect(decodePointsValue(details.gfx1)).toEqual(decodePointsValue(dia.Gfx1));
    expect(decodePointsValue(details.gfx1).times.length).toBe(3);
  });

  it("ignores unknown fields, such as the ITIN the public service added later", () => {
    const wire = { ...(toDiaWire(QUOTATION) as object), ITIN: "DXVPYDQC3", Extra: { Nested: 1 } };
    expect(decodeResource(QuotationSchema, wire, "the quotation")).toEqual(QUOTATION);
  });

  it("prefers a field spelt as the schema spells it over a case variant", () => {
    const wire = { ...QUOTATION, Price: 1, PRICE: 2 };
    expect(decodeResource(QuotationSchema, wire, "the quotation").price).toBe(QUOTATION.price);
    const variantsOnly = { ...(toDiaWire(QUOTATION) as object), PRICE: 2 };
    expect(decodeResource(QuotationSchema, variantsOnly, "the quotation").price).toBe(QUOTATION.price);
  });

  it("takes a missing nullable field as null, and Go's null list as an empty one", () => {
    const { priceYesterday: _, volumeYesterdayUSD: __, ...rest } = QUOTATION;
    expect(decodeResource(QuotationSchema, rest, "the quotation")).toEqual({
      ...QUOTATION,
      priceYesterday: null,
      volumeYesterdayUSD: null,
    });
    expect(decodeResource(PairsSchema, { Pairs: null }, "the pairs")).toEqual({ pairs: [] });
  });

  it("leaves a missing optional field missing and walks unions, tuples and records", () => {
    const schema = z.object({
      maybe: z.number().optional(),
      either: z.union([z.object({ fooBar: z.number() }), z.array(z.object({ bazQux: z.string() }))]),
      pair: z.tuple([z.string(), z.object({ innerName: z.boolean() })]),
      bySymbol: z.record(z.string(), z.object({ lastPrice: z.number() })),
    });
    const wire = {
      EITHER: [{ BazQux: "x" }],
      Pair: ["a", { INNERNAME: true }],
      BySymbol: { BTC: { LastPrice: 1 }, eth: { lastprice: 2 } },
    };
    const decoded = decodeResource(schema, wire, "the test");
    expect(decoded).toEqual({
      either: [{ bazQux: "x" }],
      pair: ["a", { innerName: true }],
      bySymbol: { BTC: { lastPrice: 1 }, eth: { lastPrice: 2 } },
    });
    expect(Object.hasOwn(decoded, "maybe")).toBe(false);
    expect(decodeResource(schema, { ...wire, either: { FOOBAR: 3 } }, "the test").either).toEqual({
      fooBar: 3,
    });
  });

  it("reads a plain decimal number sent as text where a number belongs, and nothing else", () => {
    const quotation = (price: unknown) => ({ ...QUOTATION, price });
    for (const [text, n] of [
      ["95123.5", 95_123.5],
      ["-12", -12],
      ["1.5e-7", 1.5e-7],
      ["0", 0],
    ] as const) {
      expect(decodeResource(QuotationSchema, quotation(text), "the quotation").price).toBe(n);
    }
    for (const text of ["", " 1", "1 ", "+1", "0x10", "1,000", "1_000", ".5", "NaN", "Infinity", "1e999"]) {
      const error = decodeErrorOf(() => decodeResource(QuotationSchema, quotation(text), "the quotation"));
      expect(error.message).toBe(`the quotation: price: expected a number, got ${JSON.stringify(text)}`);
    }
    // Text stays text where the schema wants text, and numbers stay numbers.
    const symbols = decodeResource(SymbolsSchema, { Symbols: ["1", "2"] }, "the symbols");
    expect(symbols.symbols).toEqual(["1", "2"]);
    expect(decodeErrorOf(() => decodeResource(SymbolsSchema, { Symbols: [1] }, "the symbols")).message).toBe(
      "the symbols: symbols[0]: expected a string, got 1",
    );
  });

  it("names what was decoded and the path of the first problem", () => {
    const bad = structuredClone(COINS) as unknown as { coins: Record<string, unknown>[] };
    (bad.coins[1] as Record<string, unknown>).price = "abc";
    const error = decodeErrorOf(() => decodeResource(CoinsSchema, toDiaWire(bad), "the coins"));
    expect(error.message).toBe('the coins: coins[1].price: expected a number, got "abc"');
    expect(error.excerpt).toBe('"abc"');
    const cases: [z.ZodType, unknown, string][] = [
      [QuotationSchema, [1], "expected an object, got a list of 1"],
      [QuotationSchema, null, "expected an object, got null"],
      [QuotationSchema, { ...QUOTATION, name: undefined }, "name: missing, expected a string"],
      [SupplySchema, { ...SUPPLY, block: 1.5 }, "block: expected an integer, got 1.5"],
      [
        PairsSchema,
        { Pairs: [{ ...PAIRS.pairs[0], ignore: "no" }] },
        'pairs[0].ignore: expected true or false, got "no"',
      ],
      [
        CoinsSchema,
        { ...(toDiaWire(COINS) as object), Coins: { BTC: 1 } },
        "coins: expected a list, got an object",
      ],
      [QuotationSchema, { ...QUOTATION, price: Number.NaN }, "price: expected a number, got NaN"],
    ];
    for (const [schema, value, problem] of cases) {
      expect(decodeErrorOf(() => decodeResource(schema, value, "the body")).message).toBe(
        `the body: ${problem}`,
      );
    }
  });

  it("names the chart row it cannot read inside a resource", () => {
    const dia = toDiaWire(SYMBOL_DETAILS) as {
      Gfx1: { DataPoints: { Series: { values: unknown[][] }[] }[] };
    };
    const row = dia.Gfx1.DataPoints[0]?.Series[0]?.values[1] as unknown[];
    row[0] = "yesterday";
    expect(decodeErrorOf(() => decodeResource(SymbolDetailsSchema, dia, "BTC details")).message).toBe(
      'BTC details: chart points: DataPoints[0].Series[0].values[1]: time "yesterday" is not an RFC 3339 time',
    );
  });
});

describe("errorRecordOf", () => {
  it("recognises the error record in any casing, from JSON or a Python literal", () => {
    const expected = { errorcode: 404, errormessage: "redis: nil" };
    for (const body of [
      '{"errorcode":404,"errormessage":"redis: nil"}',
      '{"ErrorCode":404,"ErrorMessage":"redis: nil"}',
      '{"errorCode":404,"errorMessage":"redis: nil"}',
      "{'ERRORCODE': 404, 'errorMessage': 'redis: nil'}",
      '{"errorcode":"404","errormessage":"redis: nil","extra":true}',
    ]) {
      expect(errorRecordOf(parseBody(body)), body).toEqual(expected);
    }
    expect(errorRecordOf({ errorcode: 500 })).toEqual({ errorcode: 500, errormessage: "" });
  });

  it("answers null for anything else", () => {
    for (const value of [
      QUOTATION,
      toDiaWire(COINS),
      [{ errorcode: 404, errormessage: "x" }],
      null,
      "404",
      { errorcode: "four", errormessage: "x" },
      { errorcode: 4.5, errormessage: "x" },
      { errorcode: 404, errormessage: { text: "x" } },
    ]) {
      expect(errorRecordOf(value)).toBeNull();
    }
  });
});
