// The chart points query module against a real HTTP peer on this machine: the path, both wires decoded
// (inline here, where there is no Worker), progress published per query key while the body arrives and
// cleared after, and cancelling the query stopping the download without sending it again.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { type ChartRequest, chartPointsPath } from "../../../interface/chart-window.ts";
import { encodeDataPoints } from "../../../interface/data-points.ts";
import { PointsDecoder } from "../../decoding/chart-points/worker-points-decoder.ts";
import { influxPoints } from "../../decoding/testing/wire-samples.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type Handler, scriptedPeer } from "../../testing/scripted-peer.ts";
import { type Connection, createConnection } from "../../transport/connection.ts";
import { type DownloadProgress, downloadProgress } from "../download-progress-store.ts";
import { chartPointsQueryOptions, extendPoints, getChartPoints } from "./chart-points.ts";

const peer = scriptedPeer();
const { script } = peer;
/** The paths of the requests the peer saw, in order. */
const seen = () => peer.seen.map((req) => req.url ?? "");

const KEY: ChartRequest = {
  filter: "MEDIR120",
  exchange: "Kraken",
  symbol: "ETH",
  scale: "5m",
  starttime: 1_795_000_000,
  endtime: null,
};
const T0 = Date.UTC(2026, 10, 22, 8) / 1000;
const POINTS = [
  [T0, 1],
  [T0 + 120, 2],
  [T0 + 240, 3],
] as const;

/** The body in `parts` pieces 10 ms apart, with or without Content-Length; `parts` 0 holds after the first. */
const inParts =
  (body: unknown, parts: number, withLength = true): Handler =>
  (_req, res) => {
    const bytes = Buffer.from(JSON.stringify(body));
    res.writeHead(200, withLength ? { "Content-Length": String(bytes.length) } : {});
    const size = Math.ceil(bytes.length / Math.max(parts, 2));
    let at = 0;
    const next = () => {
      if (at >= bytes.length) return void res.end();
      res.write(bytes.subarray(at, at + size));
      at += size;
      if (parts > 0) setTimeout(next, 10);
    };
    next();
  };

function setUp(): Connection {
  script.length = 0;
  peer.seen.length = 0;
  return createConnection({ baseUrl: peer.baseUrl, apiKey: "", budgetPerMinute: 5 }, null, null);
}

describe("the chart points query module", () => {
  it("decodes either wire to ascending typed arrays, telling the bytes as they arrive", async () => {
    const connection = setUp();
    const csv = { dataPoints: encodeDataPoints({ ...KEY }, [T0, T0 + 120, T0 + 240], [1, 2, 3]) };
    const influx = influxPoints(KEY, POINTS);
    for (const body of [csv, influx]) {
      script.push(inParts(body, 3, false));
      const calls: [number, number | null][] = [];
      const points = await getChartPoints(connection, KEY, {
        priority: "visible",
        onProgress: (received, total) => calls.push([received, total]),
        decoder: new PointsDecoder(null),
      });
      expect([...points.times]).toEqual([T0, T0 + 120, T0 + 240]);
      expect([...points.values]).toEqual([1, 2, 3]);
      expect(points).toMatchObject({ exchange: "Kraken", filter: "MEDIR120", symbol: "ETH" });
      expect(calls.at(-1)).toEqual([JSON.stringify(body).length, null]);
    }
    expect(seen()).toEqual([chartPointsPath(KEY), chartPointsPath(KEY)]);
  });

  it("says which row of the answer it could not read", async () => {
    const connection = setUp();
    const body = influxPoints(KEY, POINTS);
    const rows = body.DataPoints[0]?.Series?.[0]?.values as unknown[][];
    (rows[0] as unknown[])[4] = "lots";
    script.push(inParts(body, 1));
    await expect(getChartPoints(connection, KEY, { priority: "visible" })).rejects.toThrow(
      /could not be read: chart points: .*values\[0\]: value "lots" is neither a number nor null/,
    );
  });

  it("publishes the download's progress under its query key while it runs, then clears it", async () => {
    const connection = setUp();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = queryKeys.chartPoints(KEY);
    const body = influxPoints(KEY, POINTS);
    script.push(inParts(body, 4));
    const published: (DownloadProgress | null)[] = [];
    // The same key built in another order is the same query.
    const sameKey = queryKeys.chartPoints({ ...KEY, endtime: null, symbol: "ETH", filter: "MEDIR120" });
    const unsubscribe = downloadProgress.subscribe(sameKey, () =>
      published.push(downloadProgress.get(sameKey)),
    );
    const options = chartPointsQueryOptions(connection, KEY);
    expect(options.structuralSharing).toBe(false);
    const points = await client.fetchQuery(options);
    unsubscribe();
    expect(points.times.length).toBe(3);
    const total = JSON.stringify(body).length;
    expect(published[0]).toEqual({ received: 0, total });
    expect(published.at(-2)).toEqual({ received: total, total });
    expect(published.at(-1)).toBeNull();
    expect(downloadProgress.get(queryKey)).toBeNull();
  });

  it("cancelling the query stops the download at once, without sending it again", async () => {
    const connection = setUp();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = queryKeys.chartPoints(KEY);
    script.push(inParts(influxPoints(KEY, POINTS), 0));
    const fetching = client.fetchQuery(chartPointsQueryOptions(connection, KEY));
    await new Promise<void>((resolve) => {
      const unsubscribe = downloadProgress.subscribe(queryKey, () => {
        if ((downloadProgress.get(queryKey)?.received ?? 0) > 0) {
          unsubscribe();
          resolve();
        }
      });
    });
    const started = Date.now();
    await client.cancelQueries({ queryKey });
    await expect(fetching).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(downloadProgress.get(queryKey)).toBeNull();
    expect(seen()).toHaveLength(1);
    expect(connection.budget.snapshot().used).toBe(1);
  });

  it("refetches a series up to now from its last point only, and extends the held points", async () => {
    const connection = setUp();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = queryKeys.chartPoints(KEY);
    const csv = (points: (readonly [number, number])[]) => ({
      dataPoints: encodeDataPoints(
        KEY,
        points.map(([t]) => t),
        points.map(([, v]) => v),
      ),
    });
    script.push(inParts(csv([...POINTS]), 1));
    const first = await client.fetchQuery(chartPointsQueryOptions(connection, KEY));
    // The last bucket was unfinished: it comes again, with its final value, and a new one after it.
    script.push(
      inParts(
        csv([
          [T0 + 240, 3.5],
          [T0 + 360, 4],
        ]),
        1,
      ),
    );
    await client.refetchQueries({ queryKey });
    const second = client.getQueryData<typeof first>(queryKey);
    expect(seen()).toEqual([
      chartPointsPath(KEY),
      `/v1/chartPoints/MEDIR120/Kraken/ETH?scale=5m&starttime=${T0 + 240}`,
    ]);
    expect([...(second?.times ?? [])]).toEqual([T0, T0 + 120, T0 + 240, T0 + 360]);
    expect([...(second?.values ?? [])]).toEqual([1, 2, 3.5, 4]);
    // A fixed range (an endtime) is asked whole again.
    const fixed = { ...KEY, endtime: T0 + 600 };
    script.push(inParts(csv([...POINTS]), 1), inParts(csv([...POINTS]), 1));
    await client.fetchQuery(chartPointsQueryOptions(connection, fixed));
    await client.refetchQueries({ queryKey: queryKeys.chartPoints(fixed) });
    expect(seen().slice(2)).toEqual([chartPointsPath(fixed), chartPointsPath(fixed)]);
  });
});

describe("extendPoints", () => {
  const held = {
    times: Float64Array.from([10, 20, 30]),
    values: Float64Array.from([1, 2, 3]),
    exchange: "Kraken",
    filter: "MEDIR120",
    symbol: "ETH",
  };
  const fresh = (times: number[], values: number[]) => ({
    ...held,
    times: Float64Array.from(times),
    values: Float64Array.from(values),
  });

  it("keeps the held points before the refetch's start and puts the answer after them", () => {
    const out = extendPoints(held, fresh([30, 40], [3.5, 4]), 30);
    expect([...out.times]).toEqual([10, 20, 30, 40]);
    expect([...out.values]).toEqual([1, 2, 3.5, 4]);
    expect([...held.times]).toEqual([10, 20, 30]); // the cached answer is not changed in place
  });

  it("gives the held object back when nothing came", () => {
    expect(extendPoints(held, fresh([], []), 30)).toBe(held);
  });
});
