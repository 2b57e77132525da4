import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATA_POINTS_HEADER, decodeDataPoints, encodeDataPoints } from "../../../interface/data-points.ts";
import { parseBody } from "../decode.ts";
import { pythonRepr } from "../python-literal/testing/python-repr.ts";
import { influxPoints } from "../testing/wire-samples.ts";
import { decodePointsValue } from "./decode-points-value.ts";

const KRAKEN_ETH = { exchange: "Kraken", filter: "MEDIR120", symbol: "ETH" };
const ALL_BTC = { exchange: null, filter: "MA120", symbol: "BTC" };
const T0 = Date.UTC(2026, 10, 22, 8) / 1000;

function csvBody(series: typeof KRAKEN_ETH | typeof ALL_BTC, points: (readonly [number, number])[]) {
  return {
    dataPoints: encodeDataPoints(
      series,
      points.map(([t]) => t),
      points.map(([, v]) => v),
    ),
  };
}

describe("decodePointsValue reads both wires to the same arrays", () => {
  const points = [
    [T0, 3012.5],
    [T0 + 120, 3013.25],
    [T0 + 86_400 + 7, 2999],
  ] as const;
  const expected = {
    times: Float64Array.from(points.map(([t]) => t)),
    values: Float64Array.from(points.map(([, v]) => v)),
    ...KRAKEN_ETH,
  };

  it("reads the CSV and the InfluxDB rows, with or without statement_id, as JSON or a Python literal", () => {
    const bodies = [
      csvBody(KRAKEN_ETH, [...points]),
      influxPoints(KRAKEN_ETH, points),
      influxPoints(KRAKEN_ETH, points, { statementId: false }),
    ];
    for (const body of bodies) {
      expect(decodePointsValue(body)).toEqual(expected);
      expect(decodePointsValue(parseBody(JSON.stringify(body)))).toEqual(expected);
      expect(decodePointsValue(parseBody(pythonRepr(body)))).toEqual(expected);
    }
  });

  it("matches the field names in any casing", () => {
    const csv = csvBody(KRAKEN_ETH, [...points]).dataPoints;
    const influx = influxPoints(KRAKEN_ETH, points).DataPoints;
    const lower = JSON.parse(
      JSON.stringify(influx)
        .replace(/"Series"/g, '"series"')
        .replace(/"values"/g, '"Values"'),
    );
    expect(decodePointsValue({ DataPoints: csv })).toEqual(expected);
    expect(decodePointsValue({ datapoints: influx })).toEqual(expected);
    expect(decodePointsValue({ DATAPOINTS: lower })).toEqual(expected);
  });

  it("gives the all-exchanges series a null exchange on both wires", () => {
    const allPoints = [[T0, 95_000]] as const;
    expect(decodePointsValue(csvBody(ALL_BTC, [...allPoints]))).toMatchObject({
      exchange: null,
      symbol: "BTC",
    });
    expect(decodePointsValue(influxPoints(ALL_BTC, allPoints))).toMatchObject({
      exchange: null,
      filter: "MA120",
    });
    expect(
      decodePointsValue(influxPoints({ ...ALL_BTC, exchange: "" as unknown as null }, allPoints)).exchange,
    ).toBe(null);
  });

  it("finds the columns by name when a server orders them otherwise", () => {
    const body = {
      DataPoints: [
        {
          Series: [
            {
              name: "filters",
              columns: ["value", "symbol", "time", "filter", "exchange"],
              values: [[3012.5, "ETH", "2026-11-22T08:00:00Z", "MEDIR120", "Kraken"]],
            },
          ],
        },
      ],
    };
    expect(decodePointsValue(body)).toMatchObject({
      times: Float64Array.of(T0),
      values: Float64Array.of(3012.5),
    });
  });

  it("agrees with decodeDataPoints on any CSV, and gives the InfluxDB rows of the same points the same arrays", () => {
    const series = fc.constantFrom(KRAKEN_ETH, ALL_BTC);
    const point = fc.tuple(
      fc.integer({ min: 0, max: 4_000_000_000 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => (v === 0 ? 0 : v)),
    );
    fc.assert(
      fc.property(series, fc.array(point, { maxLength: 60 }), (key, ps) => {
        const csv = csvBody(key, ps);
        const fromCsv = decodePointsValue(csv);
        const reference = decodeDataPoints(csv.dataPoints);
        // decodeDataPoints keeps input order and duplicates; sort and keep the last of each time to compare.
        const last = new Map(reference.map((p) => [p.time, p.value]));
        const times = [...last.keys()].sort((a, b) => a - b);
        expect(Array.from(fromCsv.times)).toEqual(times);
        expect(Array.from(fromCsv.values)).toEqual(times.map((t) => last.get(t)));
        expect(decodePointsValue(influxPoints(key, ps, { newestFirst: false }))).toEqual(fromCsv);
        expect(decodePointsValue(parseBody(pythonRepr(influxPoints(key, ps))))).toEqual(
          decodePointsValue(influxPoints(key, [...ps].reverse(), { newestFirst: false })),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("decodePointsValue puts points in time order", () => {
  it("sorts shuffled rows ascending and keeps the last seen of a repeated time, on both wires", () => {
    const seen = [
      [T0 + 240, 3],
      [T0, 1],
      [T0 + 120, 2],
      [T0, 10],
      [T0 + 240, 30],
      [T0 + 360, 4],
    ] as const;
    const expected = { times: [T0, T0 + 120, T0 + 240, T0 + 360], values: [10, 2, 30, 4] };
    for (const body of [
      csvBody(KRAKEN_ETH, [...seen]),
      influxPoints(KRAKEN_ETH, seen, { newestFirst: false }),
    ]) {
      const decoded = decodePointsValue(body);
      expect({ times: Array.from(decoded.times), values: Array.from(decoded.values) }).toEqual(expected);
    }
  });

  it("reverses the public service's newest-first rows, and keeps the later row of a time repeated among them", () => {
    const newestFirst = { DataPoints: influxPoints(KRAKEN_ETH, [[T0, 1]]).DataPoints };
    const rows = [
      ["2026-11-22T08:04:00Z", "Kraken", "MEDIR120", "ETH", 3],
      ["2026-11-22T08:02:00Z", "Kraken", "MEDIR120", "ETH", 2],
      ["2026-11-22T08:02:00Z", "Kraken", "MEDIR120", "ETH", 20],
      ["2026-11-22T08:00:00Z", "Kraken", "MEDIR120", "ETH", 1],
    ];
    (newestFirst.DataPoints[0] as { Series: { values: unknown[] }[] }).Series[0] = {
      values: rows,
    };
    const decoded = decodePointsValue(newestFirst);
    expect(Array.from(decoded.times)).toEqual([T0, T0 + 120, T0 + 240]);
    expect(Array.from(decoded.values)).toEqual([1, 20, 3]);
  });

  it("leaves out rows without a value: null, NaN and ±Infinity (json.dumps writes those), an empty CSV cell", () => {
    const rows = [
      [T0, 1],
      [T0 + 120, null],
      [T0 + 240, 3],
      [T0 + 360, null],
    ] as const;
    const decoded = decodePointsValue(influxPoints(KRAKEN_ETH, rows));
    expect(Array.from(decoded.times)).toEqual([T0, T0 + 240]);
    const pythonJson = JSON.stringify(influxPoints(KRAKEN_ETH, rows))
      .replace("null]", "NaN]")
      .replace("null]", "-Infinity]");
    expect(() => JSON.parse(pythonJson)).toThrow();
    expect(Array.from(decodePointsValue(parseBody(pythonJson)).values)).toEqual([1, 3]);
    const csv = `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,Kraken,MEDIR120,ETH,1\n2026-11-22T08:02:00Z,Kraken,MEDIR120,ETH,\n2026-11-22T08:04:00Z,Kraken,MEDIR120,ETH,NaN\n2026-11-22T08:06:00Z,Kraken,MEDIR120,ETH,Infinity\n`;
    expect(Array.from(decodePointsValue({ dataPoints: csv }).times)).toEqual([T0]);
  });

  it("gives empty arrays for an empty series: Series null, no results, no rows, a CSV of just the header", () => {
    const empty = {
      times: new Float64Array(0),
      values: new Float64Array(0),
      exchange: null,
      filter: "",
      symbol: "",
    };
    for (const body of [
      { DataPoints: [{ statement_id: 0, Series: null, Messages: null }] },
      { DataPoints: [{ Series: null, Messages: null }] },
      { DataPoints: [] },
      { DataPoints: null },
      {
        DataPoints: [
          {
            Series: [
              { name: "filters", columns: ["time", "exchange", "filter", "symbol", "value"], values: [] },
            ],
          },
        ],
      },
      { dataPoints: `${DATA_POINTS_HEADER}\n` },
      { dataPoints: DATA_POINTS_HEADER },
    ]) {
      expect(decodePointsValue(body)).toEqual(empty);
      expect(decodePointsValue(parseBody(pythonRepr(body)))).toEqual(empty);
    }
  });

  it("reads a long chart across many days the same from both wires", () => {
    const n = 20_000;
    const ps = Array.from({ length: n }, (_, i) => [T0 + 300 * i, 1000 + Math.sin(i)] as const);
    const influx = JSON.stringify(influxPoints(KRAKEN_ETH, ps));
    const decoded = decodePointsValue(parseBody(influx));
    expect(decoded.times.length).toBe(n);
    expect(decoded.times[0]).toBe(T0);
    expect(decoded).toEqual(decodePointsValue(csvBody(KRAKEN_ETH, [...ps])));
  });
});
