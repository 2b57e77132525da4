// The chart points worker's work, message in → reply and transfer list out, for both wires: ascending
// times, one point per time, gaps dropped, an empty series, and a clear error for a row it cannot read.
import { describe, expect, it } from "vitest";
import { DATA_POINTS_HEADER, encodeDataPoints } from "../../../interface/data-points.ts";
import { pythonRepr } from "../python-literal/testing/python-repr.ts";
import { influxPoints } from "../testing/wire-samples.ts";
import { DecodeError } from "../wire-value.ts";
import { type DecodeReply, errorOfReply, handleDecodeRequest } from "./points-worker-protocol.ts";

const KRAKEN = { exchange: "Kraken", filter: "MEDIR120", symbol: "ETH" };
const ALL = { exchange: null, filter: "MA120", symbol: "BTC" };
const T0 = Date.UTC(2026, 10, 22, 8) / 1000;

type Point = readonly [time: number, value: number | null];

/** The same points on each wire and text form, as the worker receives them: text and UTF-8 bytes. */
function bodies(
  series: typeof KRAKEN | typeof ALL,
  points: readonly Point[],
): [string, string | ArrayBuffer][] {
  const csv = {
    dataPoints: `${DATA_POINTS_HEADER}\n${points
      .map(
        ([t, v]) =>
          `${new Date(t * 1000).toISOString().replace(".000Z", "Z")},${series.exchange ?? ""},${series.filter},${series.symbol},${v ?? ""}`,
      )
      .join("\n")}\n`,
  };
  const forms: [string, unknown][] = [
    ["CSV dataPoints", csv],
    ["InfluxDB DataPoints, newest first", influxPoints(series, points)],
    ["InfluxDB DataPoints without statement_id", influxPoints(series, points, { statementId: false })],
    ["InfluxDB DataPoints oldest first", influxPoints(series, points, { newestFirst: false })],
  ];
  return forms.flatMap(([name, body]): [string, string | ArrayBuffer][] => [
    [`${name} as JSON text`, JSON.stringify(body)],
    [`${name} as JSON bytes`, new TextEncoder().encode(JSON.stringify(body)).buffer],
    [`${name} as a Python literal`, pythonRepr(body)],
  ]);
}

function okReply(body: string | ArrayBuffer) {
  const { reply, transfer } = handleDecodeRequest({ id: 7, body });
  if (!reply.ok) throw new Error(`expected points, got: ${reply.message}`);
  if (!("points" in reply)) throw new Error("expected points, got candles");
  expect(reply.id).toBe(7);
  return { points: reply.points, transfer };
}

function failedReply(body: string | ArrayBuffer): Extract<DecodeReply, { ok: false }> {
  const { reply, transfer } = handleDecodeRequest({ id: 9, body });
  if (reply.ok) throw new Error("expected an error");
  expect(reply.id).toBe(9);
  expect(transfer).toEqual([]);
  return reply;
}

describe("the chart points worker's handler", () => {
  const shuffled: Point[] = [
    [T0 + 240, 3],
    [T0, 1],
    [T0 + 120, 2],
    [T0 + 360, null],
    [T0 + 120, 2.5],
    [T0 + 480, 5],
  ];

  for (const [name, body] of bodies(KRAKEN, shuffled)) {
    it(`reads ${name}: ascending, one point per time, gaps dropped`, () => {
      const { points } = okReply(body);
      expect([...points.times]).toEqual([T0, T0 + 120, T0 + 240, T0 + 480]);
      expect(points.values[0]).toBe(1);
      expect(points.values[2]).toBe(3);
      expect(points.values[3]).toBe(5);
      expect([2, 2.5]).toContain(points.values[1]);
      expect(points).toMatchObject(KRAKEN);
    });
  }

  it("keeps the last row seen of a duplicated time, as the wire ordered it", () => {
    const newestFirst = influxPoints(KRAKEN, [
      [T0, 1],
      [T0 + 120, 2],
      [T0 + 120, 9],
    ]);
    // Newest first on the wire: [T0+120 → 9], [T0+120 → 2], [T0 → 1]; the last of T0+120 is 2.
    expect([...okReply(JSON.stringify(newestFirst)).points.values]).toEqual([1, 2]);
    const csv = { dataPoints: encodeDataPoints(KRAKEN, [T0, T0 + 120, T0 + 120], [1, 2, 9]) };
    expect([...okReply(JSON.stringify(csv)).points.values]).toEqual([1, 9]);
  });

  it("names the all-exchanges series with a null exchange on both wires", () => {
    for (const [, body] of bodies(ALL, [[T0, 95_000]])) {
      expect(okReply(body).points).toMatchObject({ exchange: null, filter: "MA120", symbol: "BTC" });
    }
  });

  it("reads an empty series on every wire: no points, nothing to name", () => {
    const empties: unknown[] = [
      { dataPoints: `${DATA_POINTS_HEADER}\n` },
      influxPoints(KRAKEN, []),
      { DataPoints: [{ statement_id: 0 }] },
      { DataPoints: null },
      { DataPoints: [] },
    ];
    for (const body of empties) {
      const { points, transfer } = okReply(JSON.stringify(body));
      expect(points.times.length).toBe(0);
      expect(points.values.length).toBe(0);
      expect(transfer).toHaveLength(2);
    }
  });

  it("a series of nulls only is empty", () => {
    const { points } = okReply(
      JSON.stringify(
        influxPoints(KRAKEN, [
          [T0, null],
          [T0 + 120, null],
        ]),
      ),
    );
    expect(points.times.length).toBe(0);
  });

  it("lists the arrays' buffers for transfer, and they cross without a copy", () => {
    const { points, transfer } = okReply(JSON.stringify(influxPoints(KRAKEN, shuffled)));
    expect(transfer).toEqual([points.times.buffer, points.values.buffer]);
    const received = structuredClone({ points }, { transfer });
    // Transferred: the worker's arrays are emptied, the page's hold the points.
    expect(points.times.length).toBe(0);
    expect(received.points.times).toBeInstanceOf(Float64Array);
    expect([...received.points.times]).toEqual([T0, T0 + 120, T0 + 240, T0 + 480]);
  });

  it("says which CSV line it cannot read", () => {
    const body = {
      dataPoints: `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,Kraken,MEDIR120,ETH,1\n2026-11-22T08:02:00Z,Kraken,MEDIR120,ETH,lots\n`,
    };
    const reply = failedReply(JSON.stringify(body));
    expect(reply.name).toBe("DecodeError");
    expect(reply.message).toBe('chart points: dataPoints line 3: "lots" is not a number');
  });

  it("says which InfluxDB row it cannot read", () => {
    const body = influxPoints(KRAKEN, [
      [T0, 1],
      [T0 + 120, 2],
    ]);
    const rows = body.DataPoints[0]?.Series?.[0]?.values as unknown[][];
    (rows[1] as unknown[])[0] = "yesterday";
    const reply = failedReply(new TextEncoder().encode(JSON.stringify(body)).buffer);
    expect(reply.message).toContain('values[1]: time "yesterday" is not an RFC 3339 time');
  });

  it("says when the body is no chart points at all", () => {
    expect(failedReply("<html>proxy error</html>").message).toMatch(
      /^the body is neither JSON nor a Python literal/,
    );
    expect(failedReply('{"Symbol": "BTC"}').message).toContain(
      "DataPoints should be CSV text or a list of query results, got nothing",
    );
  });

  it("gives the page a DecodeError with the worker's words and excerpt", () => {
    const reply = failedReply('{"dataPoints": "time,value\\n"}');
    const error = errorOfReply(reply);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.message).toBe(reply.message);
    expect((error as DecodeError).excerpt).toBe(reply.excerpt);
  });
});
