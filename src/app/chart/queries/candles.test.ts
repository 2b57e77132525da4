// The candles query module against a real HTTP peer on this machine: the paths of both endpoints, both wires
// decoded (inline here, where there is no Worker), progress under the query key, and a series up to now
// refetched from its last candle only, the unfinished candle replaced.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { type CandleColumns, encodeCandles } from "../../../interface/candles.ts";
import { type CandleRequest, candlesPath } from "../../../interface/chart-window.ts";
import { PointsDecoder } from "../../decoding/chart-points/worker-points-decoder.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type Handler, scriptedPeer } from "../../testing/scripted-peer.ts";
import { type Connection, createConnection } from "../../transport/connection.ts";
import { downloadProgress } from "../download-progress-store.ts";
import { candlesQueryOptions, extendCandles, getCandles, getCandlesAllExchanges } from "./candles.ts";

const peer = scriptedPeer();
const { script } = peer;
const seen = () => peer.seen.map((req) => req.url ?? "");

const KEY: CandleRequest = {
  exchange: "Kraken",
  symbol: "ETH",
  scale: "5m",
  starttime: 1_795_000_000,
  endtime: null,
};
const T0 = Date.UTC(2026, 10, 22, 8) / 1000;

/** Candles at `times`, each price its time / 1000 plus its place, volumes 2 = 1.5 buy + 0.5 sell. */
function columns(times: number[], close = (t: number) => t / 1000): CandleColumns {
  return {
    times,
    open: times.map((t) => t / 1000),
    high: times.map((t) => t / 1000 + 2),
    low: times.map((t) => t / 1000 - 2),
    close: times.map(close),
    volume: times.map(() => 2),
    buyVolume: times.map(() => 1.5),
    sellVolume: times.map(() => 0.5),
    trades: times.map(() => 9),
  };
}

const answer =
  (body: unknown): Handler =>
  (_req, res) => {
    const bytes = Buffer.from(JSON.stringify(body));
    res.writeHead(200, { "Content-Length": String(bytes.length) });
    res.end(bytes);
  };

function setUp(): Connection {
  script.length = 0;
  peer.seen.length = 0;
  return createConnection({ baseUrl: peer.baseUrl, apiKey: "", budgetPerMinute: 5 }, null, null);
}

describe("the candles query module", () => {
  it("asks each endpoint's path and reads either wire", async () => {
    const connection = setUp();
    const csv = encodeCandles({ exchange: "Kraken", symbol: "ETH" }, columns([T0, T0 + 300]));
    const all = encodeCandles({ exchange: null, symbol: "ETH" }, columns([T0]));
    script.push(answer({ candles: csv }), answer({ Candles: all }));
    const options = { priority: "visible" as const, decoder: new PointsDecoder(null) };
    const kraken = await getCandles(connection, KEY, options);
    const everywhere = await getCandlesAllExchanges(connection, KEY, options);
    expect([...kraken.times]).toEqual([T0, T0 + 300]);
    expect([...kraken.buyVolume]).toEqual([1.5, 1.5]);
    expect(kraken).toMatchObject({ exchange: "Kraken", symbol: "ETH" });
    expect(everywhere.exchange).toBeNull();
    expect(seen()).toEqual([
      `/v1/candles/Kraken/ETH?scale=5m&starttime=${KEY.starttime}`,
      `/v1/candlesAllExchanges/ETH?scale=5m&starttime=${KEY.starttime}`,
    ]);
  });

  it("refetches a series up to now from its last candle only, replacing the unfinished one", async () => {
    const connection = setUp();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = queryKeys.candles(KEY);
    const body = (c: CandleColumns) => ({ candles: encodeCandles({ exchange: "Kraken", symbol: "ETH" }, c) });
    script.push(answer(body(columns([T0, T0 + 300]))));
    const options = candlesQueryOptions(connection, KEY);
    expect(options.structuralSharing).toBe(false);
    await client.fetchQuery(options);
    expect(downloadProgress.get(queryKey)).toBeNull();
    script.push(answer(body(columns([T0 + 300, T0 + 600], (t) => t / 1000 + 1))));
    await client.refetchQueries({ queryKey });
    const candles = client.getQueryData<Awaited<ReturnType<typeof getCandles>>>(queryKey);
    expect(seen()).toEqual([candlesPath(KEY), `/v1/candles/Kraken/ETH?scale=5m&starttime=${T0 + 300}`]);
    expect([...(candles?.times ?? [])]).toEqual([T0, T0 + 300, T0 + 600]);
    expect([...(candles?.close ?? [])]).toEqual([T0 / 1000, (T0 + 300) / 1000 + 1, (T0 + 600) / 1000 + 1]);
  });
});

describe("extendCandles", () => {
  const decoded = (times: number[]) => {
    const c = columns(times);
    return {
      times: Float64Array.from(c.times),
      open: Float64Array.from(c.open),
      high: Float64Array.from(c.high),
      low: Float64Array.from(c.low),
      close: Float64Array.from(c.close),
      volume: Float64Array.from(c.volume),
      buyVolume: Float64Array.from(c.buyVolume),
      sellVolume: Float64Array.from(c.sellVolume),
      trades: Float64Array.from(c.trades),
      exchange: "Kraken",
      symbol: "ETH",
    };
  };

  it("keeps every column before the refetch's start and puts the answer after, the held one unchanged", () => {
    const held = decoded([10_000, 20_000, 30_000]);
    const out = extendCandles(held, decoded([30_000, 40_000]), 30_000);
    expect([...out.times]).toEqual([10_000, 20_000, 30_000, 40_000]);
    expect([...out.high]).toEqual([12, 22, 32, 42]);
    expect([...out.trades]).toEqual([9, 9, 9, 9]);
    expect(held.times.length).toBe(3);
  });

  it("gives the held object back when nothing came", () => {
    const held = decoded([10_000]);
    expect(extendCandles(held, decoded([]), 10_000)).toBe(held);
  });
});
