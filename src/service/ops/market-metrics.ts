// The market's figures, read when Prometheus scrapes rather than kept up to date on every block: the newest
// block and how far behind the market clock it is, where the trades come from, and each exchange's health
// where the source is real (on an api replica, as the ingest last reported it).
import { Counter, Gauge, type Registry } from "prom-client";
import type { ExchangeHealth, SourceStatus } from "../market/trade-source.ts";

export interface MarketFigures {
  /** Where the trades come from, with each exchange's health (SourceStatus of the service's context). */
  source: SourceStatus;
  /** End of the newest block stored for every series, Unix seconds; null before the first. */
  lastBlockEnd(): Promise<number | null>;
  /** The market clock's now, Unix ms (faster than real time with MARKET_SPEED > 1). */
  now(): number;
}

type ExchangeLabels = "exchange";

export function registerMarketMetrics(registry: Registry, market: MarketFigures): void {
  const registers = [registry];
  const lastBlock = new Gauge({
    name: "mdqs_market_last_block_end_seconds",
    help: "End of the newest 120-second block stored for every series, Unix seconds (absent before the first)",
    registers,
    collect: () => readBlock(),
  });
  const lag = new Gauge({
    name: "mdqs_market_lag_seconds",
    help: "Market clock's now minus the newest block's end: under 120 s (plus a live source's close grace) when the ingest keeps up",
    registers,
    collect: () => readBlock(),
  });
  const sourceKind = new Gauge({
    name: "mdqs_market_source_info",
    help: "1 for where the trades come from: kind 'simulator' or 'exchanges'",
    labelNames: ["kind"],
    registers,
    collect: () => {
      sourceKind.reset();
      sourceKind.labels(market.source.kind).set(1);
    },
  });
  const readFailures = new Counter({
    name: "mdqs_market_figures_failures_total",
    help: "Scrapes whose read of the newest block failed (the store did not respond); its gauges were absent",
    registers,
  });
  exchangeMetrics(registry, () => market.source.health?.() ?? []);

  // One read per scrape, shared by the two gauges that need it (prom-client collects each metric apart).
  let reading: Promise<void> | null = null;
  const readBlock = (): Promise<void> => {
    reading ??= (async () => {
      // Absent, not 0, until known: a lag of 0 would say all is well.
      lastBlock.remove();
      lag.remove();
      try {
        const end = await market.lastBlockEnd();
        if (end === null) return;
        lastBlock.set(end);
        lag.set(Math.max(0, market.now() / 1000 - end));
      } catch {
        readFailures.inc();
      }
    })().finally(() => {
      // The next scrape reads again.
      reading = null;
    });
    return reading;
  };
}

/**
 * The per-exchange series, set together from one health report when the first of them is collected
 * (prom-client collects in order of registration, each synchronously up to its first await).
 */
function exchangeMetrics(registry: Registry, health: () => readonly ExchangeHealth[]): void {
  const registers = [registry];
  const labelNames: ExchangeLabels[] = ["exchange"];
  const up = new Gauge({
    name: "mdqs_exchange_up",
    help: "1 while the exchange's trade stream is connected, else 0 (real exchanges only)",
    labelNames,
    registers,
    collect: () => update(health()),
  });
  const pairs = new Gauge({
    name: "mdqs_exchange_pairs",
    help: "Pairs of the market's coins subscribed on the exchange",
    labelNames,
    registers,
  });
  const lastTrade = new Gauge({
    name: "mdqs_exchange_last_trade_seconds",
    help: "Time of the exchange's newest trade taken, Unix seconds (absent before the first)",
    labelNames,
    registers,
  });
  const perMinute = new Gauge({
    name: "mdqs_exchange_trades_per_minute",
    help: "Trades taken from the exchange per minute over the last five minutes",
    labelNames,
    registers,
  });
  const taken = new Counter({
    name: "mdqs_exchange_trades_total",
    help: "Trades taken from the exchange since the source started",
    labelNames,
    registers,
  });
  const reconnects = new Counter({
    name: "mdqs_exchange_reconnects_total",
    help: "Reconnections of the exchange's trade stream since the source started",
    labelNames,
    registers,
  });
  const dropped = new Counter({
    name: "mdqs_exchange_dropped_trades_total",
    help: "Trades dropped since the source started: 'late' (after their block closed) or 'duplicate'",
    labelNames: ["exchange", "reason"],
    registers,
  });
  function update(report: readonly ExchangeHealth[]): void {
    // The source's own counts are the truth: each scrape copies them (the counters restart with it).
    for (const metric of [up, pairs, lastTrade, perMinute, taken, reconnects, dropped]) metric.reset();
    for (const exchange of report) {
      const name = exchange.name;
      up.labels(name).set(exchange.connected ? 1 : 0);
      pairs.labels(name).set(exchange.pairs);
      if (exchange.lastTradeMs !== null) lastTrade.labels(name).set(exchange.lastTradeMs / 1000);
      perMinute.labels(name).set(exchange.tradesPerMinute);
      taken.labels(name).inc(exchange.tradesTaken);
      reconnects.labels(name).inc(exchange.reconnects);
      dropped.labels(name, "late").inc(exchange.droppedLate);
      dropped.labels(name, "duplicate").inc(exchange.droppedDuplicate);
    }
  }
}
