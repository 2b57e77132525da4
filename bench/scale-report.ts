// The figures of npm run bench:scale as BENCHMARKS.md's section: medians of the interleaved repeats, the
// scaling efficiency, the shared tier's work per request and where it would saturate, and one replica on
// PostgreSQL + Redis against today's single process on SQLite.
import { table } from "./report.ts";
import { badAnswers, type LoadResult, type SharedTierCounters } from "./scale-load.ts";

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
}

export interface ScaleFigures {
  runs: Measured[];
  slice: number;
  periodUs: number;
  seconds: number;
  repeats: number;
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

const EFFICIENCY_TARGET = 0.8;
const RATIO_TARGET = 0.6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const rate = (run: Measured) => run.load.requests / run.load.seconds;
const perRequest = (run: Measured, value: number) => value / run.load.requests;
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "—");
const whole = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—");
const verdict = (ok: boolean) => (ok ? "met" : "missed");

export function scaleReport(f: ScaleFigures): string {
  const of = (system: string, endpoint: string) =>
    f.runs.filter((run) => run.system === system && run.endpoint === endpoint);
  const x = (system: string, endpoint: string) => median(of(system, endpoint).map(rate));
  const efficiency = (n: number, endpoint: string) => x(`pg-${n}`, endpoint) / (n * x("pg-1", endpoint));
  const top = Math.max(...f.counts);
  const bad = f.runs.reduce((sum, run) => sum + badAnswers(run.load), 0);
  const fallbacks = f.runs.reduce((sum, run) => sum + run.fallbacks, 0);
  const statuses = new Map<string, number>();
  for (const run of f.runs) {
    for (const [status, n] of Object.entries(run.load.statuses))
      statuses.set(status, (statuses.get(status) ?? 0) + n);
  }

  const targets = [
    ...f.endpoints.map((endpoint) => {
      const e = efficiency(top, endpoint);
      return [
        `Scaling efficiency X(${top})/(${top}·X(1)), GET ${endpoint}`,
        fixed(e, 2),
        `≥ ${EFFICIENCY_TARGET}`,
        verdict(e >= EFFICIENCY_TARGET),
      ];
    }),
    ...f.endpoints.map((endpoint) => {
      const r = x("pg-1", endpoint) / x("sqlite", endpoint);
      return [
        `1 replica on PostgreSQL + Redis / 1 process on SQLite, GET ${endpoint}`,
        fixed(r, 2),
        `≥ ${RATIO_TARGET}`,
        verdict(r >= RATIO_TARGET),
      ];
    }),
    ["Answers other than 200, and failed sockets (any makes a run invalid)", bad, "0", verdict(bad === 0)],
    [
      "Replicas that lost Redis and decided alone (switches to the fallback)",
      fallbacks,
      "0",
      verdict(fallbacks === 0),
    ],
  ];

  const throughput = f.endpoints.flatMap((endpoint) =>
    f.counts.map((n) => {
      const runs = of(`pg-${n}`, endpoint);
      return [
        `GET ${endpoint}`,
        n,
        whole(x(`pg-${n}`, endpoint)),
        runs.map((run) => whole(rate(run))).join(", "),
        whole(x(`pg-${n}`, endpoint) / n),
        fixed(efficiency(n, endpoint), 2),
        `${fixed(median(runs.map((run) => run.load.p50Ms)), 1)} / ${fixed(median(runs.map((run) => run.load.p99Ms)), 0)}`,
        fixed(median(runs.map((run) => run.cpu.replicas / run.load.seconds)), 3),
        runs.every((run) => run.throttled) ? "yes" : "no",
      ];
    }),
  );

  const net = (run: Measured, key: keyof SharedTierCounters) => run.counters[key] - run.background[key];
  const tierRows = f.endpoints.flatMap((endpoint) =>
    f.counts.map((n) => {
      const runs = of(`pg-${n}`, endpoint);
      const m = (value: (run: Measured) => number) => median(runs.map(value));
      return [
        `GET ${endpoint}`,
        n,
        fixed(
          m((run) => perRequest(run, net(run, "redisEvalsha"))),
          3,
        ),
        fixed(
          m((run) => perRequest(run, net(run, "redisCommands"))),
          2,
        ),
        fixed(
          m((run) => perRequest(run, net(run, "replicaStatements"))),
          4,
        ),
        fixed(
          m((run) => perRequest(run, run.counters.replicaStatements)),
          4,
        ),
        fixed(
          m((run) => perRequest(run, net(run, "committed"))),
          4,
        ),
        fixed(
          m((run) => perRequest(run, run.cpu.redis) * 1e6),
          1,
        ),
        fixed(
          m((run) => perRequest(run, run.cpu.postgres) * 1e6),
          1,
        ),
        fixed(
          m((run) => perRequest(run, run.cpu.haproxy) * 1e6),
          1,
        ),
      ];
    }),
  );

  // Where the shared tier would saturate: its capacity over what each replica asks of it.
  const scaled = f.runs.filter((run) => run.system.startsWith("pg-"));
  const evalshaPerRequest = median(scaled.map((run) => perRequest(run, net(run, "redisEvalsha"))));
  const usecPerCall = median(scaled.map((run) => run.counters.redisEvalshaUsec / run.counters.redisEvalsha));
  const redisCpuPerRequest = median(scaled.map((run) => perRequest(run, run.cpu.redis)));
  const redisCoreCapacity = 1 / redisCpuPerRequest;
  const statementsPerRequest = median(scaled.map((run) => perRequest(run, net(run, "replicaStatements"))));
  const pgCpuPerRequest = median(scaled.map((run) => perRequest(run, run.cpu.postgres)));
  const saturation = f.endpoints.map((endpoint) => {
    const perReplica = x("pg-1", endpoint);
    const redisBound = Math.min(f.redisCapacity, redisCoreCapacity) / (perReplica * evalshaPerRequest);
    const pgBound = 1 / pgCpuPerRequest / perReplica;
    return [
      `GET ${endpoint}`,
      whole(perReplica),
      whole(perReplica / f.slice),
      whole(redisBound),
      fixed(redisBound * f.slice, 1),
      whole(pgBound),
      fixed(pgBound * f.slice, 1),
    ];
  });

  const comparison = f.endpoints.map((endpoint) => {
    const pg1 = of("pg-1", endpoint);
    const sqlite = of("sqlite", endpoint);
    return [
      `GET ${endpoint}`,
      `${whole(x("pg-1", endpoint))} (${pg1.map((run) => whole(rate(run))).join(", ")})`,
      `${whole(x("sqlite", endpoint))} (${sqlite.map((run) => whole(rate(run))).join(", ")})`,
      fixed(x("pg-1", endpoint) / x("sqlite", endpoint), 2),
      fixed(median(sqlite.map((run) => run.cpu.replicas / run.load.seconds)), 3),
    ];
  });

  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ");
  const idleRate = (counters: SharedTierCounters) =>
    `${fixed(counters.replicaStatements / f.idleSeconds, 1)} replica statements/s, ${fixed(counters.redisCommands / f.idleSeconds, 1)} Redis commands/s`;
  return [
    `Load average (1, 5, 15 min) before: ${load(f.loadBefore)}; after: ${load(f.loadAfter)}.`,
    "",
    "**All replicas, PostgreSQL, Redis, HAProxy, the ingest and wrk share one 2-core machine** (and with",
    "whatever else runs on it). Each replica (ROLE=api) runs in a cgroup v1 CPU slice of",
    `**${f.slice} core** (cpu.cfs_quota_us ${Math.round(f.slice * f.periodUs)} of cpu.cfs_period_us ${f.periodUs}), all replicas`,
    "pinned to CPU 0 (taskset); PostgreSQL 15, Redis 7, HAProxy, the ingest and wrk pinned to CPU 1. Replicas are",
    "warmed up uncapped (JIT), then capped. One PostgreSQL (pg_stat_statements loaded) and one Redis, seeded once",
    "(HISTORY_DAYS=1, all coins, MARKET_SPEED=1), serve every run; the 8 replicas run throughout, and each run",
    "starts a HAProxy (round robin, health checks on /readyz) in front of the first N of them.",
    "",
    "The fair-usage limit is on (RATE_LIMIT=5) and every request is another client: the replicas trust HAProxy",
    "(TRUST_PROXY=127.0.0.1) and wrk (`-t1`, 16·N connections, " +
      `${f.seconds} s a run; bench/scale-clients.lua) sends a random`,
    "X-Forwarded-For address from 10.0.0.0/8 with each request. A distinct *address* per request stands in for",
    "the issue's distinct *key*: API_KEYS cannot hold 100k keys in an environment variable, and an unkeyed",
    "client's address costs the same Redis script. So every request costs one EVALSHA of the shared window.",
    "",
    `Runs interleaved in the order ${f.order.join(", ")}, both endpoints each time, ${f.repeats} repeats; figures are`,
    "medians of the repeats (each run's own figure listed). `pg-N`: N replicas on PostgreSQL + Redis; `sqlite`: one",
    "ROLE=all process on SQLite, no Redis (today's default), in the same slice behind the same kind of HAProxy.",
    "",
    "### Targets",
    "",
    table(["What", "Measured", "Target", "Verdict"], targets),
    "",
    `Answers seen: ${[...statuses].map(([status, n]) => `${status}: ${whole(n)}`).join(", ")}; failed sockets: ${f.runs.reduce((sum, run) => sum + run.load.socketErrors, 0)}.`,
    "",
    `### Throughput through HAProxy (${f.slice}-core slices)`,
    "",
    table(
      [
        "Request",
        "Replicas N",
        "X(N) req/s (median)",
        "Runs",
        "Per replica",
        "X(N)/(N·X(1))",
        "p50 / p99 ms",
        "Replicas' CPU (cores)",
        "Slices throttled",
      ],
      throughput,
    ),
    "",
    "### The shared tier's work per request",
    "",
    "Counted over each run (medians): Redis INFO commandstats deltas (a script's own calls included in",
    "\"commands\"), the statements the replicas' own PostgreSQL role ran (pg_stat_statements), the database's",
    "commits by anyone (the ingest's block writes included), and the CPU time of Redis, PostgreSQL (server and",
    'backends) and HAProxy from their cgroup\'s cpuacct. "Net" subtracts what the idle tier does in the same',
    `time, measured for ${f.idleSeconds} s without a balancer (${idleRate(f.idle.bare)}) and with one checking all 8`,
    `replicas (${idleRate(f.idle.checked)}): the replicas' polls and heartbeats and HAProxy's /readyz checks.`,
    "",
    table(
      [
        "Request",
        "N",
        "EVALSHA / req (net)",
        "Redis commands / req (net)",
        "Replica statements / req (net)",
        "… raw",
        "Commits / req (net)",
        "Redis CPU µs / req",
        "PostgreSQL CPU µs / req",
        "HAProxy CPU µs / req",
      ],
      tierRows,
    ),
    "",
    "### Where the shared tier would saturate",
    "",
    `Redis: redis-benchmark of the limiter's own script (EVALSHA on random clients' keys, 50 connections) in this`,
    `run: **${whole(f.redisCapacity)} EVALSHA/s** on one core; Redis's own time per call (commandstats usec_per_call):`,
    `${fixed(usecPerCall, 1)} µs; Redis's CPU per API request through the whole path (network included):`,
    `${fixed(redisCpuPerRequest * 1e6, 1)} µs, i.e. ${whole(redisCoreCapacity)} requests/s per Redis core. The bound below`,
    `takes the lower of the two capacities and ${fixed(evalshaPerRequest, 3)} EVALSHA per request. PostgreSQL: the replicas ran`,
    `${fixed(statementsPerRequest, 4)} statements per request (hot answers come from each replica's cache until the next`,
    `block), so it is bounded by its CPU per request (${fixed(pgCpuPerRequest * 1e6, 1)} µs, background included) on one core.`,
    "A full-core replica's rate is extrapolated linearly from the slice (X(1)/slice), which this run does not measure.",
    "",
    table(
      [
        "Request",
        "X(1) per replica req/s",
        "… per full core (extrapolated)",
        `Redis saturates at N (${f.slice}-core replicas)`,
        "… (full-core replicas)",
        `PostgreSQL saturates at N (${f.slice}-core)`,
        "… (full-core)",
      ],
      saturation,
    ),
    "",
    "### One replica on PostgreSQL + Redis against today's single process on SQLite",
    "",
    table(
      [
        "Request",
        "1 replica, PostgreSQL + Redis: req/s (runs)",
        "1 process ROLE=all, SQLite: req/s (runs)",
        "Ratio",
        "SQLite process CPU (cores)",
      ],
      comparison,
    ),
    "",
    `With no traffic the SQLite process used ${fixed(f.idle.cores.sqlite, 3)} core of its ${f.slice} (its own market source,`,
    `block writes and rates run in it); the eight API replicas together ${fixed(f.idle.cores.replicas, 3)} (their ingest is`,
    "another process, on CPU 1, outside any slice).",
  ].join("\n");
}
