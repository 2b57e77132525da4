import { describe, expect, it } from "vitest";
import type { ExchangeHealth, SourceStatus } from "../market/trade-source.ts";
import type { MarketFigures } from "./market-metrics.ts";
import { ServiceMetrics } from "./metrics.ts";
import { exposedHelp, exposedSamples } from "./testing/exposition.ts";

const quiet = { processFigures: false } as const;

async function samplesOf(metrics: ServiceMetrics): Promise<Map<string, number>> {
  return exposedSamples(await metrics.text());
}

describe("ServiceMetrics: answers", () => {
  it("counts answers by endpoint, method and status, and their durations by endpoint and method", async () => {
    const metrics = new ServiceMetrics(quiet);
    metrics.observeResponse("GET /v1/coins", "GET", 200, 0.00004);
    metrics.observeResponse("GET /v1/coins", "GET", 200, 0.03);
    metrics.observeResponse("GET /v1/coins", "GET", 429, 0.0002);
    metrics.observeResponse("admin", "POST", 401, 0.001);
    const samples = await samplesOf(metrics);

    const coins = 'endpoint="GET /v1/coins",method="GET"';
    expect(samples.get(`mdqs_http_requests_total{${coins},status="200"}`)).toBe(2);
    expect(samples.get(`mdqs_http_requests_total{${coins},status="429"}`)).toBe(1);
    expect(samples.get('mdqs_http_requests_total{endpoint="admin",method="POST",status="401"}')).toBe(1);
    expect(samples.get(`mdqs_http_request_duration_seconds_count{${coins}}`)).toBe(3);
    expect(samples.get(`mdqs_http_request_duration_seconds_sum{${coins}}`)).toBeCloseTo(0.03024, 8);
    // A cached answer's 40 µs has a bucket of its own, below the 30 ms of a chart read.
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${coins},le="0.00005"}`)).toBe(1);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${coins},le="0.00025"}`)).toBe(2);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${coins},le="0.025"}`)).toBe(2);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${coins},le="0.05"}`)).toBe(3);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${coins},le="+Inf"}`)).toBe(3);
  });

  it("counts a duration on a bucket's bound in that bucket, and reads as a histogram through the registry", async () => {
    const metrics = new ServiceMetrics(quiet);
    metrics.observeResponse("GET /v1/pairs", "GET", 200, 0.025);
    const pairs = 'endpoint="GET /v1/pairs",method="GET"';
    const samples = await samplesOf(metrics);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${pairs},le="0.01"}`)).toBe(0);
    expect(samples.get(`mdqs_http_request_duration_seconds_bucket{${pairs},le="0.025"}`)).toBe(1);
    const families = await metrics.registry.getMetricsAsJSON();
    const durations = families.find((family) => family.name === "mdqs_http_request_duration_seconds");
    expect(durations?.type).toBe("histogram");
    expect(durations?.values).toContainEqual({
      value: 1,
      labels: { endpoint: "GET /v1/pairs", method: "GET" },
      metricName: "mdqs_http_request_duration_seconds_count",
    });
  });

  it("counts a method outside the usual ones as OTHER, so no client makes series of its own", async () => {
    const metrics = new ServiceMetrics(quiet);
    metrics.observeResponse("other", "PROPFIND", 404, 0.0001);
    metrics.observeResponse("other", "MKCOL", 404, 0.0001);
    const samples = await samplesOf(metrics);
    expect(samples.get('mdqs_http_requests_total{endpoint="other",method="OTHER",status="404"}')).toBe(2);
    expect([...samples.keys()].some((series) => series.includes("PROPFIND"))).toBe(false);
  });

  it("counts refusals by reason, every reason a series from the start", async () => {
    const metrics = new ServiceMetrics(quiet);
    expect((await samplesOf(metrics)).get('mdqs_refusals_total{reason="revoked-key"}')).toBe(0);
    metrics.refused("limit");
    metrics.refused("limit");
    metrics.refused("admin-auth");
    const samples = await samplesOf(metrics);
    expect(samples.get('mdqs_refusals_total{reason="limit"}')).toBe(2);
    expect(samples.get('mdqs_refusals_total{reason="admin-auth"}')).toBe(1);
    expect(samples.get('mdqs_refusals_total{reason="blocked-address"}')).toBe(0);
    expect(samples.get('mdqs_refusals_total{reason="unknown-key"}')).toBe(0);
  });

  it("keeps each service's figures apart (a registry of its own) and documents each metric", async () => {
    const one = new ServiceMetrics(quiet);
    const other = new ServiceMetrics(quiet);
    one.observeResponse("GET /v1/pairs", "GET", 200, 0.001);
    one.blocksStored(3);
    const samples = await samplesOf(other);
    expect(samples.has('mdqs_http_requests_total{endpoint="GET /v1/pairs",method="GET",status="200"}')).toBe(
      false,
    );
    expect(samples.get("mdqs_market_blocks_total")).toBe(0);
    expect((await samplesOf(one)).get("mdqs_market_blocks_total")).toBe(3);
    const help = exposedHelp(await one.text());
    for (const name of ["mdqs_http_requests_total", "mdqs_refusals_total", "mdqs_store_operation_seconds"])
      expect(help.get(name)?.length).toBeGreaterThan(20);
  });

  it("serves the process's figures unless told not to", async () => {
    const withProcess = await new ServiceMetrics().text();
    expect(withProcess).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(withProcess).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(await new ServiceMetrics(quiet).text()).not.toContain("process_cpu_user_seconds_total");
  });
});

function exchange(name: string, connected: boolean, lastTradeMs: number | null): ExchangeHealth {
  return {
    name,
    connected,
    pairs: 12,
    lastTradeMs,
    tradesTaken: 900,
    tradesPerMinute: 30,
    reconnects: 2,
    filledOverRest: 0,
    droppedLate: 4,
    droppedDuplicate: 7,
    backfill: { state: "done", doneBlocks: 10, totalBlocks: 10 },
  };
}

function market(source: SourceStatus, lastBlockEnd: () => Promise<number | null>): MarketFigures {
  // Market time 10:05:00 UTC; the newest block ended at 10:02:00 below.
  return { source, lastBlockEnd, now: () => Date.UTC(2026, 10, 20, 10, 5, 0) };
}

describe("ServiceMetrics: the market", () => {
  const blockEnd = Date.UTC(2026, 10, 20, 10, 2, 0) / 1000;

  it("reads the newest block and its lag behind the market clock at each scrape", async () => {
    let end: number | null = null;
    const metrics = new ServiceMetrics({
      ...quiet,
      market: market({ kind: "simulator" }, async () => end),
    });
    let samples = await samplesOf(metrics);
    expect(samples.has("mdqs_market_last_block_end_seconds")).toBe(false);
    expect(samples.get('mdqs_market_source_info{kind="simulator"}')).toBe(1);
    expect([...samples.keys()].some((series) => series.startsWith("mdqs_exchange_up{"))).toBe(false);

    end = blockEnd;
    samples = await samplesOf(metrics);
    expect(samples.get("mdqs_market_last_block_end_seconds")).toBe(blockEnd);
    expect(samples.get("mdqs_market_lag_seconds")).toBe(180);
  });

  it("leaves the block's gauges out, and counts it, when the store does not answer a scrape", async () => {
    let fail = true;
    const metrics = new ServiceMetrics({
      ...quiet,
      market: market({ kind: "simulator" }, async () => {
        if (fail) throw new Error("connection refused");
        return blockEnd;
      }),
    });
    let samples = await samplesOf(metrics);
    expect(samples.has("mdqs_market_lag_seconds")).toBe(false);
    expect(samples.get("mdqs_market_figures_failures_total")).toBe(1);
    fail = false;
    samples = await samplesOf(metrics);
    expect(samples.get("mdqs_market_lag_seconds")).toBe(180);
    expect(samples.get("mdqs_market_figures_failures_total")).toBe(1);
  });

  it("reports each exchange's health from the source, as it is at each scrape", async () => {
    let health = [exchange("binance", true, 1_763_632_800_000), exchange("kraken", false, null)];
    const source: SourceStatus = { kind: "exchanges", health: () => health };
    const metrics = new ServiceMetrics({ ...quiet, market: market(source, async () => blockEnd) });
    let samples = await samplesOf(metrics);
    expect(samples.get('mdqs_market_source_info{kind="exchanges"}')).toBe(1);
    expect(samples.get('mdqs_exchange_up{exchange="binance"}')).toBe(1);
    expect(samples.get('mdqs_exchange_up{exchange="kraken"}')).toBe(0);
    expect(samples.get('mdqs_exchange_last_trade_seconds{exchange="binance"}')).toBe(1_763_632_800);
    expect(samples.has('mdqs_exchange_last_trade_seconds{exchange="kraken"}')).toBe(false);
    expect(samples.get('mdqs_exchange_trades_total{exchange="kraken"}')).toBe(900);
    expect(samples.get('mdqs_exchange_reconnects_total{exchange="binance"}')).toBe(2);
    expect(samples.get('mdqs_exchange_dropped_trades_total{exchange="binance",reason="duplicate"}')).toBe(7);
    expect(samples.get('mdqs_exchange_trades_per_minute{exchange="binance"}')).toBe(30);

    // The counts are the source's own: copied at each scrape, not added up scrape after scrape.
    health = [{ ...exchange("binance", false, 1_763_632_860_000), tradesTaken: 950 }];
    samples = await samplesOf(metrics);
    expect(samples.get('mdqs_exchange_up{exchange="binance"}')).toBe(0);
    expect(samples.get('mdqs_exchange_trades_total{exchange="binance"}')).toBe(950);
    expect(samples.has('mdqs_exchange_up{exchange="kraken"}')).toBe(false);
  });
});
