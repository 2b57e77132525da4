import { describe, expect, it } from "vitest";
import { DATA_POINTS_HEADER } from "../../../interface/data-points.ts";
import { DecodeError } from "../wire-value.ts";
import { decodePointsValue } from "./decode-points-value.ts";

const T0 = Date.UTC(2026, 10, 22, 8) / 1000;

function decodeErrorOf(value: unknown): DecodeError {
  try {
    decodePointsValue(value);
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeError);
    return error as DecodeError;
  }
  throw new Error("no DecodeError");
}

describe("decodePointsValue names what it cannot read", () => {
  const row = (cells: unknown[]) => ({ DataPoints: [{ Series: [{ name: "filters", values: [cells] }] }] });
  const good = ["2026-11-22T08:00:00Z", "Kraken", "MEDIR120", "ETH", 1];
  const cases: [unknown, string][] = [
    [
      row(["yesterday", "Kraken", "MEDIR120", "ETH", 1]),
      'values[0]: time "yesterday" is not an RFC 3339 time',
    ],
    [row([T0, "Kraken", "MEDIR120", "ETH", 1]), `values[0]: time ${T0} is not an RFC 3339 time`],
    [
      row(["2026-11-22T08:00:00Z", "Kraken", "MEDIR120", "ETH", "1"]),
      'values[0]: value "1" is neither a number nor null',
    ],
    [
      row(["2026-11-22T08:00:00Z", 7, "MEDIR120", "ETH", 1]),
      "values[0]: exchange 7 is neither a name nor null",
    ],
    [row(["2026-11-22T08:00:00Z", "Kraken", "ETH", 1]), "values[0]: expected 5 cells, got 4"],
    [row(good.slice(0, 5).concat([1])), "values[0]: expected 5 cells, got 6"],
    [
      { DataPoints: [{ Series: [{ values: [good, { time: 1 }] }] }] },
      "values[1]: expected a row (a list), got an object",
    ],
    [
      {
        DataPoints: [
          { Series: [{ values: [good, ["2026-11-22T08:02:00Z", "Binance", "MEDIR120", "ETH", 2]] }] },
        ],
      },
      "values[1]: a point of another series than MEDIR120 ETH on Kraken",
    ],
    [{ DataPoints: [{ Series: "none" }] }, 'DataPoints[0].Series: expected a list or null, got "none"'],
    [
      { DataPoints: [{ statement_id: 0, error: "database not found: dia" }] },
      "the query failed: database not found: dia",
    ],
    [
      { DataPoints: [{ Series: [{ columns: ["time", "value"], values: [] }] }] },
      'columns: no "exchange" column',
    ],
    [{ DataPoints: 42 }, "DataPoints should be CSV text or a list of query results, got 42"],
    [{ Symbol: "BTC" }, "DataPoints should be CSV text or a list of query results, got nothing"],
    [[1, 2], "expected an object with DataPoints, got a list of 2"],
    [
      { dataPoints: "time,value\n" },
      'dataPoints line 1: the first line must be "time,exchange,filter,symbol,value"',
    ],
    [
      { dataPoints: `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,,MA120,BTC\n` },
      "dataPoints line 2: expected 5 cells, got 4",
    ],
    [
      { dataPoints: `${DATA_POINTS_HEADER}\n\nyesterday,,MA120,BTC,1\n` },
      'dataPoints line 3: "yesterday" is not an RFC 3339 time',
    ],
    [
      { dataPoints: `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,,MA120,BTC,lots\n` },
      'dataPoints line 2: "lots" is not a number',
    ],
    [
      {
        dataPoints: `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,,MA120,BTC,1\n2026-11-22T08:02:00Z,,MA120,ETH,1\n`,
      },
      "dataPoints line 3: a point of another series than MA120 BTC on all exchanges",
    ],
    [
      {
        dataPoints: `${DATA_POINTS_HEADER}\n2026-11-22T08:00:00Z,,MA120,BTC,1\n2026-11-22T08:02:00Z,,MA120,BTC,1,2\n`,
      },
      "dataPoints line 3: expected 5 cells, got 6",
    ],
  ];
  for (const [body, problem] of cases) {
    it(`says "${problem}"`, () => {
      const error = decodeErrorOf(body);
      expect(error.message.startsWith("chart points: ")).toBe(true);
      expect(error.message).toContain(problem);
    });
  }

  it("reads a time of day past the fast path (fractions, offsets) as Date.parse does", () => {
    const body = row(["2020-05-19T08:41:12.499645584Z", null, "MA120", "BTC", 1]);
    expect(decodePointsValue(body).times[0]).toBe(Date.parse("2020-05-19T08:41:12.499Z") / 1000);
    const offset = row(["2020-05-19T10:41:12+02:00", null, "MA120", "BTC", 1]);
    expect(decodePointsValue(offset).times[0]).toBe(Date.parse("2020-05-19T08:41:12Z") / 1000);
    expect(decodeErrorOf(row(["2020-05-19T08:61:12Z", null, "MA120", "BTC", 1])).message).toContain(
      "is not an RFC 3339 time",
    );
  });
});
