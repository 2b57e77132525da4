import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeDataPoints } from "../../../interface/data-points.ts";
import { parseBody } from "../decode.ts";
import { influxPoints } from "../testing/wire-samples.ts";
import { decodePointsValue } from "./decode-points-value.ts";
import { scanPoints } from "./point-scan.ts";
import { UtcSecondsReader } from "./point-series.ts";

const T0 = Date.UTC(2026, 10, 22, 23, 54) / 1000; // crosses midnight within a few points
const BINANCE = { exchange: "Binance", filter: "MEDIR120", symbol: "BTC" };
const ALL = { exchange: null, filter: "MAIR120", symbol: "ETH" };

type Series = typeof BINANCE | typeof ALL;
type Point = readonly [time: number, value: number | null];

/** This service's body, exactly as its wire module writes it (a JSON string, "\n" escaped). */
function csvText(series: Series, points: readonly Point[]): string {
  const csv = encodeDataPoints(
    series,
    points.map(([t]) => t),
    points.map(([, v]) => v ?? Number.NaN),
  ).replaceAll(",NaN\n", ",\n"); // a gap: an empty value
  return JSON.stringify({ dataPoints: csv });
}

/** The public service's body (Go's encoding/json: no spaces), rows newest first. */
function influxText(series: Series, points: readonly Point[], statementId = true): string {
  return JSON.stringify(influxPoints(series, points, { statementId }));
}

/** The general decoder's answer, or the error it throws. */
function general(text: string) {
  try {
    return { points: decodePointsValue(parseBody(text)) };
  } catch (error) {
    return { error };
  }
}

const series = fc.constantFrom<Series>(BINANCE, ALL);
const price = fc.oneof(
  fc.double({ min: 1e-9, max: 2e5, noNaN: true }),
  fc.integer({ min: -5, max: 100_000 }),
  fc.constant(null),
);
const points = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: 400 }).map((k) => T0 + k * 120),
    price,
  ),
  { maxLength: 40 },
);

describe("scanPoints reads the usual shapes without JSON.parse", () => {
  it("reads both wires as the services write them, to what the general decoder gives", () => {
    const ps: Point[] = [
      [T0, 95_012.123456789],
      [T0 + 120, null],
      [T0 + 240, 95_013.5],
      [T0 + 360, 1e-7],
      [T0 + 360, 0],
    ];
    for (const text of [csvText(BINANCE, ps), influxText(BINANCE, ps), influxText(ALL, ps, false)]) {
      const fast = scanPoints({ text });
      expect(fast).not.toBeNull();
      expect(fast).toEqual(decodePointsValue(parseBody(text)));
    }
    expect(scanPoints({ text: csvText(BINANCE, ps) })).toMatchObject({
      times: Float64Array.from([T0, T0 + 240, T0 + 360]),
      values: Float64Array.from([95_012.123456789, 95_013.5, 0]),
      exchange: "Binance",
    });
  });

  it("reads any series of either wire, bytes or text, to what the general decoder gives", () => {
    fc.assert(
      fc.property(series, points, fc.boolean(), (key, ps, csv) => {
        const text = csv ? csvText(key, ps) : influxText(key, ps);
        const expected = general(text);
        expect(scanPoints({ text })).toEqual(expected.points);
        expect(scanPoints({ bytes: new TextEncoder().encode(text) })).toEqual(expected.points);
      }),
      { numRuns: 300 },
    );
  });

  it("never reads a changed body otherwise than the general decoder: the same points, or null", () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.integer({ min: 0, max: 2 }),
      insert: fc.constantFrom(
        "",
        " ",
        "\\",
        '"',
        ",",
        "0",
        "9",
        "-",
        ".",
        "e",
        "n",
        "null",
        "é",
        "\n",
        "]",
        "}",
      ),
    });
    fc.assert(
      fc.property(
        series,
        points,
        fc.boolean(),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (key, ps, csv, edits) => {
          let text = csv ? csvText(key, ps) : influxText(key, ps);
          for (const { at, remove, insert } of edits) {
            const i = at % (text.length + 1);
            text = text.slice(0, i) + insert + text.slice(i + remove);
          }
          const fast = scanPoints({ text });
          const expected = general(text);
          if (fast !== null) expect(fast).toEqual(expected.points);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("leaves other shapes to the general decoder, which still reads them", () => {
    const ps: Point[] = [
      [T0, 1.5],
      [T0 + 120, 2.5],
    ];
    const csv = csvText(BINANCE, ps);
    const influx = influxText(BINANCE, ps);
    const others = [
      csv.replace("Binance", "Bin\\u0061nce"), // an escape
      csv.replace("{", '{"note":"x",'), // another key
      csv.replace("\\n", "\\r\\n"), // CRLF lines
      ` ${csv.replace(":", " : ")}\n`, // spaces between tokens are fine, see below
      influx.replaceAll(",", ", "), // Python's json.dumps spacing inside rows
      influx
        .replace(
          '"columns":["time","exchange","filter","symbol","value"]',
          '"columns":["time","value","exchange","filter","symbol"]',
        )
        .replace(
          /\["([^"]+)","Binance","MEDIR120","BTC",([^\]]+)\]/g,
          '["$1",$2,"Binance","MEDIR120","BTC"]',
        ), // other column order
      influx.replace('"name":"filters"', '"name":"filters","tags":{"a":"b"}'),
      influx.replace("[{", "[{}, {"), // an empty result first
      `{"DataPoints":null}`,
    ];
    for (const text of others) {
      const expected = general(text);
      expect(expected.error, text.slice(0, 80)).toBeUndefined();
      const fast = scanPoints({ text });
      if (fast !== null) expect(fast).toEqual(expected.points);
    }
    // Whitespace between the envelope's tokens is still the usual shape; inside a row it is not.
    expect(scanPoints({ text: others[3] as string })).not.toBeNull();
    expect(scanPoints({ text: others[4] as string })).toBeNull();
    expect(scanPoints({ text: others[0] as string })).toBeNull();
    expect(scanPoints({ text: others[5] as string })).toBeNull();
  });

  it("gives up, so the general decoder can name the problem, on an error result or another series", () => {
    const ps: Point[] = [[T0, 1]];
    const failed = '{"DataPoints":[{"statement_id":0,"Error":"database not found"}]}';
    expect(scanPoints({ text: failed })).toBeNull();
    expect(general(failed).error).toBeInstanceOf(Error);
    const mixed = csvText(BINANCE, [...ps, [T0 + 120, 2]]).replace(/Binance(?=,MEDIR120,BTC,2)/, "Kraken");
    expect(scanPoints({ text: mixed })).toBeNull();
    expect(String(general(mixed).error)).toContain("another series");
    expect(scanPoints({ text: `\ufeff${csvText(BINANCE, ps)}` })).toBeNull(); // a byte order mark
  });
});

describe("UtcSecondsReader", () => {
  it("reads the plain form from text and bytes alike, as Date.parse does, and refuses impossible times", () => {
    const text =
      "x2026-11-22T09:24:07Z|2026-02-30T00:00:00Z|2026-13-01T00:00:00Z|2026-11-22T24:00:00Z|2026-11-2a";
    const bytes = new TextEncoder().encode(text);
    const reader = new UtcSecondsReader();
    const expected = [
      Date.UTC(2026, 10, 22, 9, 24, 7) / 1000,
      Date.parse("2026-02-30T00:00:00Z") / 1000, // V8 rolls 30 February over to 2 March; the general path too
      Number.NaN,
      Number.NaN,
      Number.NaN,
    ];
    for (const [k, at] of [1, 22, 43, 64, 85].entries()) {
      expect(reader.readPlain(text, at)).toBe(expected[k]);
      expect(new UtcSecondsReader().readPlainBytes(bytes, text, at)).toBe(expected[k]);
    }
    // read() takes any form Date.parse takes when the plain form does not hold.
    expect(reader.read("2026-11-22T09:24:07.000+01:00", 0, 29)).toBe(Date.UTC(2026, 10, 22, 8, 24, 7) / 1000);
  });
});
