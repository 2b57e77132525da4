import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DATA_POINTS_HEADER, decodeDataPoints, encodeDataPoints } from "./data-points.ts";

const BTC_ALL = { filter: "MEDIR120", exchange: null, symbol: "BTC" };

describe("the dataPoints CSV", () => {
  it("writes the header, one line per point, RFC 3339 to the second, empty exchange across exchanges", () => {
    const csv = encodeDataPoints(BTC_ALL, [1_763_800_020, 1_763_900_000], [95_123.5, 0.1 + 0.2]);
    expect(csv).toBe(
      `${DATA_POINTS_HEADER}\n2025-11-22T08:27:00Z,,MEDIR120,BTC,95123.5\n2025-11-23T12:13:20Z,,MEDIR120,BTC,0.30000000000000004\n`,
    );
  });

  it("round-trips times, exchanges and values exactly", () => {
    const points = fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      ),
      {
        maxLength: 50,
      },
    );
    fc.assert(
      fc.property(points, fc.constantFrom<string | null>("Kraken", null), (ps, exchange) => {
        const series = { filter: "MAIR120", exchange, symbol: "ETH" };
        const decoded = decodeDataPoints(
          encodeDataPoints(
            series,
            ps.map(([t]) => t),
            ps.map(([, v]) => v),
          ),
        );
        expect(decoded).toEqual(
          ps.map(([time, value]) => ({
            time,
            value: value === 0 ? 0 : value,
            exchange,
            filter: "MAIR120",
            symbol: "ETH",
          })),
        );
      }),
    );
  });

  it("can write lines already escaped for a JSON string", () => {
    const csv = encodeDataPoints(BTC_ALL, [60, 120], [1, 2]);
    const escaped = encodeDataPoints(BTC_ALL, [60, 120], [1, 2], "\\n");
    expect(JSON.parse(`"${escaped}"`)).toBe(csv);
  });

  it("names the line and the problem of a malformed string", () => {
    expect(() => decodeDataPoints("time,value\n")).toThrow(/first line must be/);
    expect(() => decodeDataPoints(`${DATA_POINTS_HEADER}\n2025-11-22T08:27:00Z,,MA120,BTC\n`)).toThrow(
      /line 2: expected 5 cells/,
    );
    expect(() => decodeDataPoints(`${DATA_POINTS_HEADER}\nyesterday,,MA120,BTC,1\n`)).toThrow(
      /line 2: "yesterday"/,
    );
    expect(() => decodeDataPoints(`${DATA_POINTS_HEADER}\n2025-11-22T08:27:00Z,,MA120,BTC,lots\n`)).toThrow(
      /"lots" is not a number/,
    );
  });
});
