// What npm run bench:scale measured, and the arithmetic its report shares: medians of the repeats, rates
// and amounts per request, numbers as text.
import { median } from "./report.ts";
import type { LoadResult, SharedTierCounters } from "./scale-load.ts";

export interface Measured {
  /** `pg-N` (N API replicas on PostgreSQL + Redis) or `sqlite` (one ROLE=all process). */
  system: string;
  replicas: number;
  endpoint: string;
  repeat: number;
  load: LoadResult;
  counters: SharedTierCounters;
  /** What the idle tier would have counted in the same time (polls, heartbeats, health checks). */
  background: SharedTierCounters;
  /** CPU seconds used during the run: the measured processes' slices, and each shared process. */
  cpu: { replicas: number; redis: number; postgres: number; haproxy: number; ingest: number };
  /** Every slice of the run hit its quota (the cap, not the load, bounded it). */
  throttled: boolean;
  /** Times a replica lost Redis during the run and decided alone (each switch, not each request). */
  fallbacks: number;
  /** Times the measured processes' event loops were switched out during the run. */
  switches: number;
  /** TCP connections accepted on the machine during the run (wrk's to HAProxy, HAProxy's to replicas…). */
  accepted: number;
}

export interface ScaleFigures {
  runs: Measured[];
  slice: number;
  periodUs: number;
  replicaCpus: string;
  seconds: number;
  repeats: number;
  connections: number;
  counts: number[];
  endpoints: string[];
  order: string[];
  redisCapacity: number;
  loadBefore: number[];
  loadAfter: number[];
  idleSeconds: number;
  idle: {
    bare: SharedTierCounters;
    checked: SharedTierCounters;
    /** Cores used with no traffic: the SQLite process (its own ingest) and the 8 replicas together. */
    cores: { sqlite: number; replicas: number };
  };
}

export const rate = (run: Measured) => run.load.requests / run.load.seconds;
export const perRequest = (run: Measured, value: number) => value / run.load.requests;
/** A counter's growth during the run less what the idle tier does in as long. */
export const net = (run: Measured, key: keyof SharedTierCounters) => run.counters[key] - run.background[key];
export const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : "—";
export const whole = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—";

export function runsOf(f: ScaleFigures, system: string, endpoint: string): Measured[] {
  return f.runs.filter((run) => run.system === system && run.endpoint === endpoint);
}

/** X: the median request rate of a system's runs of an endpoint. */
export function throughput(f: ScaleFigures, system: string, endpoint: string): number {
  return median(runsOf(f, system, endpoint).map(rate));
}
