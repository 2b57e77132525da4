// Candles off either wire and text form into typed arrays, through the worker's protocol (the handler the
// worker runs) and the page's decoder; a line it cannot read is named.
import { describe, expect, it } from "vitest";
import { CANDLES_HEADER, type CandleColumns, encodeCandles } from "../../../interface/candles.ts";
import { handleDecodeRequest } from "../chart-points/points-worker-protocol.ts";
import { PointsDecoder } from "../chart-points/worker-points-decoder.ts";
import { pythonRepr } from "../python-literal/testing/python-repr.ts";
import { DecodeError } from "../wire-value.ts";
import { closesOf } from "./candle-series.ts";
import { decodeCandlesBody } from "./decode-candles-body.ts";

const T0 = Date.UTC(2026, 10, 22, 9, 20) / 1000;
const COLUMNS: CandleColumns = {
  times: [T0, T0 + 120],
  open: [95120.5, 95133],
  high: [95140, 95150],
  low: [95101.25, 95110],
  close: [95133, 95111],
  volume: [3.5, 2],
  buyVolume: [2.1, 0.5],
  sellVolume: [1.4, 1.5],
  trades: [41, 17],
};
const CSV = encodeCandles({ exchange: "Binance", symbol: "BTC" }, COLUMNS);

/** The same candles on each wire and text form, as the worker receives them. */
const BODIES: [string, string | (() => ArrayBuffer)][] = [
  ["seed JSON", JSON.stringify({ candles: CSV })],
  ["dia JSON", JSON.stringify({ Candles: CSV })],
  ["seed JSON bytes", () => new TextEncoder().encode(JSON.stringify({ candles: CSV })).buffer],
  ["dia Python literal", pythonRepr({ Candles: CSV })],
];

describe("the candles decoder", () => {
  it.each(BODIES)("reads %s into typed columns", (_name, body) => {
    const candles = decodeCandlesBody(typeof body === "string" ? body : body());
    expect(candles.times).toBeInstanceOf(Float64Array);
    expect([...candles.times]).toEqual(COLUMNS.times);
    expect([...candles.open]).toEqual(COLUMNS.open);
    expect([...candles.low]).toEqual(COLUMNS.low);
    expect([...candles.sellVolume]).toEqual(COLUMNS.sellVolume);
    expect([...candles.trades]).toEqual(COLUMNS.trades);
    expect(candles).toMatchObject({ exchange: "Binance", symbol: "BTC" });
  });

  it("reads all exchanges' candles (an empty exchange) and an answer with none", () => {
    const all = encodeCandles({ exchange: null, symbol: "ETH" }, COLUMNS);
    expect(decodeCandlesBody(JSON.stringify({ candles: all })).exchange).toBeNull();
    const none = decodeCandlesBody(JSON.stringify({ candles: `${CANDLES_HEADER}\n` }));
    expect(none.times.length).toBe(0);
    expect(none.symbol).toBe("");
  });

  it("puts lines out of order in time order, the later of a repeated time winning", () => {
    const lines = CSV.trim().split("\n");
    const shuffled = [lines[0], lines[2], lines[1], lines[2]?.replace(",17", ",99")].join("\n");
    const candles = decodeCandlesBody(JSON.stringify({ candles: shuffled }));
    expect([...candles.times]).toEqual(COLUMNS.times);
    expect([...candles.trades]).toEqual([41, 99]);
  });

  it("names the line it cannot read, and a body that is not candles", () => {
    const bad = `${CSV}2026-11-22T09:24:00Z,Binance,BTC,1,2,3,lots,1,1,0,1\n`;
    expect(() => decodeCandlesBody(JSON.stringify({ candles: bad }))).toThrow(
      /the candles: candles line 4: close "lots" is not a number/,
    );
    expect(() => decodeCandlesBody(JSON.stringify({ dataPoints: "x" }))).toThrow(DecodeError);
    expect(() => decodeCandlesBody(JSON.stringify({ candles: "time,value\n" }))).toThrow(/first line/);
  });

  it("goes through the worker's protocol with every column's buffer listed for transfer", () => {
    const { reply, transfer } = handleDecodeRequest({
      id: 3,
      body: JSON.stringify({ candles: CSV }),
      kind: "candles",
    });
    if (!reply.ok || !("candles" in reply)) throw new Error("expected candles");
    expect(transfer).toHaveLength(9);
    const received = structuredClone(reply.candles, { transfer });
    expect([...received.close]).toEqual(COLUMNS.close);
    expect(reply.candles.close.length).toBe(0);
  });

  it("decodes through the page's decoder inline, and a failure as the worker would say it", async () => {
    const decoder = new PointsDecoder(null);
    const candles = await decoder.decodeCandles(JSON.stringify({ Candles: CSV }));
    expect([...candles.high]).toEqual(COLUMNS.high);
    const failed = handleDecodeRequest({ id: 4, body: "{", kind: "candles" }).reply;
    expect(failed).toMatchObject({ ok: false, name: "DecodeError" });
  });

  it("gives the closes as chart points sharing the arrays, the same object each time", () => {
    const candles = decodeCandlesBody(JSON.stringify({ candles: CSV }));
    const closes = closesOf(candles);
    expect(closes.values).toBe(candles.close);
    expect(closes.times).toBe(candles.times);
    expect(closesOf(candles)).toBe(closes);
  });
});
