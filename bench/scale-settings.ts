// The settings of a bench:scale run (each but the layout of the CPUs can be changed by an environment
// variable, for diagnosis): the slice, the runs, the requests, where the processes run.
export const SLICE = Number(process.env.SCALE_SLICE ?? 0.05);
/**
 * The CFS period: a throttled replica stands still for the rest of it. At the default 100 ms a 0.05-core
 * replica would stand still 95 ms at a time, longer than the limiter's Redis command timeout as it was (50 ms; 500 ms now), so every
 * command in flight would time out on waking (timers run before the socket is read) and the replica would
 * fall back to its own window. The kernel's smallest quota is 1 ms, so 0.05 core takes a 20 ms period: a
 * replica stands still at most 19 ms.
 */
export const PERIOD_US = Number(process.env.SCALE_PERIOD_US ?? Math.max(1_000 / SLICE, 10_000));
export const SECONDS = Number(process.env.SCALE_SECONDS ?? 8);
export const REPEATS = Number(process.env.SCALE_REPEATS ?? 4);
/** wrk's connections per measured process (HAProxy's backends). */
export const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 16);
export const WARM_SECONDS = Number(process.env.SCALE_WARM_SECONDS ?? 10);
/** A capped run of each system before the measured ones, not counted: what the JIT left is done by then. */
export const SETTLE_SECONDS = Number(process.env.SCALE_SETTLE_SECONDS ?? 3);
export const IDLE_SECONDS = 5;
export const COUNTS = [1, 2, 4, 8] as const;
/** One repeat's order: the counts interleaved, today's single process among them. */
export const ORDER = ["pg-1", "pg-8", "sqlite", "pg-2", "pg-4"] as const;
export const ENDPOINTS = ["/v1/quotation/BTC", "/v1/coins"] as const;
/** Where the processes under test run: CPU 0 alone by default; "0,1" lets them spread (a diagnostic). */
export const REPLICA_CPUS = process.env.SCALE_REPLICA_CPUS ?? "0";
export const REPLICA_CPU = 0;
export const SHARED_CPU = 1;
export const REPLICA_ROLE = "api_replica";
export const MARKET = {
  MARKET_SOURCE: "simulator",
  HISTORY_DAYS: "1",
  MARKET_COINS: "all",
  MARKET_SPEED: "1",
  RATE_LIMIT: "5",
};
