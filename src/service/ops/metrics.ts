// The service's Prometheus metrics (GET /metrics). Each service owns a registry of its own, never
// prom-client's global one: tests run several services in one process, and each must count only its own.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { InvalidationChannel } from "../invalidation/invalidations.ts";
import { type MarketFigures, registerMarketMetrics } from "./market-metrics.ts";
import { ResponseFigures } from "./response-figures.ts";

/** Why a request was refused before it reached an endpoint. */
export type RefusalReason = "limit" | "unknown-key" | "revoked-key" | "blocked-address" | "admin-auth";

const REFUSAL_REASONS: readonly RefusalReason[] = [
  "limit",
  "unknown-key",
  "revoked-key",
  "blocked-address",
  "admin-auth",
];

/** From a cached response (tens of µs) to a cold chart read and a stalled one: cached ones still spread. */
const DURATION_BUCKETS = [
  0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];
/** A SQLite read takes microseconds, a PostgreSQL round trip a millisecond or so, a bulk write seconds. */
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30];
/** A Redis command on a healthy network is well under a millisecond; the shared window waits 500 ms. */
const REDIS_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** Something that observes a duration in seconds: a histogram's child for one set of labels. */
export interface DurationObserver {
  observe(seconds: number): void;
}

interface CountChild {
  inc(value?: number): void;
}

export interface MetricsOptions {
  /** The market's figures, read at each scrape; none: no market series (an ingest-less test). */
  market?: MarketFigures;
  /** prom-client's process figures (CPU, memory, event loop, GC); default true. */
  processFigures?: boolean;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly responses: ResponseFigures;
  private readonly refusals: Counter<"reason">;
  private readonly refusalChildren = new Map<RefusalReason, CountChild>();
  private readonly storeSeconds: Histogram<"store" | "operation">;
  private readonly storeErrors: Counter<"store" | "operation">;
  private readonly redisSeconds: Histogram<"command">;
  private readonly blocks: Counter;

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.responses = new ResponseFigures(this.registry, DURATION_BUCKETS);
    this.refusals = new Counter({
      name: "mdqs_refusals_total",
      help: "Requests refused before any endpoint: over the limit, an unknown or revoked key, a blocked address, a wrong admin key",
      labelNames: ["reason"],
      registers,
    });
    // Every reason is a series from the start: a rate over a series that appears with its first refusal
    // misses that refusal.
    for (const reason of REFUSAL_REASONS) {
      const child = this.refusals.labels(reason);
      child.inc(0);
      this.refusalChildren.set(reason, child);
    }
    this.storeSeconds = new Histogram({
      name: "mdqs_store_operation_seconds",
      help: "Time of each store call, by store ('market' or 'access') and operation (the method's name)",
      labelNames: ["store", "operation"],
      buckets: STORE_BUCKETS,
      registers,
    });
    this.storeErrors = new Counter({
      name: "mdqs_store_operation_errors_total",
      help: "Store calls that failed, by store and operation",
      labelNames: ["store", "operation"],
      registers,
    });
    this.redisSeconds = new Histogram({
      name: "mdqs_redis_command_seconds",
      help: "Time from sending a Redis command to its reply, by command",
      labelNames: ["command"],
      buckets: REDIS_BUCKETS,
      registers,
    });
    this.blocks = new Counter({
      name: "mdqs_market_blocks_total",
      help: "120-second blocks this process learned were stored since it started (its own or the ingest's)",
      registers,
    });
    if (options.market) registerMarketMetrics(this.registry, options.market);
    if (options.processFigures !== false) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts one response and its duration, on every request: `endpoint` must be a bounded name
   * ("GET /v1/coins", "admin", "other"), never a path as sent.
   */
  observeResponse(endpoint: string, method: string, status: number, seconds: number): void {
    this.responses.record(endpoint, method, status, seconds);
  }

  refused(reason: RefusalReason): void {
    this.refusalChildren.get(reason)?.inc();
  }

  /** Blocks stored (by this process's ingest or, on a replica, as an invalidation told it). */
  blocksStored(count = 1): void {
    this.blocks.inc(count);
  }

  /** Counts the blocks that `invalidations` tells of, from now on. */
  countBlocksOf(invalidations: Pick<InvalidationChannel, "subscribe">): void {
    invalidations.subscribe((item) => {
      if (item.kind === "block") this.blocksStored();
    });
  }

  /** The duration of one store operation: `timed(metrics.storeOperation("market", "write"), promise)`. */
  storeOperation(store: string, operation: string): DurationObserver {
    return this.storeSeconds.labels(store, operation);
  }

  storeFailure(store: string, operation: string): void {
    this.storeErrors.labels(store, operation).inc();
  }

  redisCommand(command: string): DurationObserver {
    return this.redisSeconds.labels(command);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text of every figure, the market's read now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
