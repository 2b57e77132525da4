// The shared tier's part of bench:scale's report: what Redis and PostgreSQL do per request at each N, and
// the replica count at which each would saturate.
import { median, table } from "./report.ts";
import {
  fixed,
  type Measured,
  net,
  perRequest,
  runsOf,
  type ScaleFigures,
  throughput,
  whole,
} from "./scale-figures.ts";
import type { SharedTierCounters } from "./scale-load.ts";

export function sharedTierSection(f: ScaleFigures): string {
  const rows = f.endpoints.flatMap((endpoint) =>
    f.counts.map((n) => {
      const m = (value: (run: Measured) => number) => median(runsOf(f, `pg-${n}`, endpoint).map(value));
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
  const overScaled = (value: (run: Measured) => number) => median(scaled.map(value));
  const evalshaPerRequest = overScaled((run) => perRequest(run, net(run, "redisEvalsha")));
  const usecPerCall = overScaled((run) => run.counters.redisEvalshaUsec / run.counters.redisEvalsha);
  const redisCpuPerRequest = overScaled((run) => perRequest(run, run.cpu.redis));
  const statementsPerRequest = overScaled((run) => perRequest(run, net(run, "replicaStatements")));
  const pgCpuPerRequest = overScaled((run) => perRequest(run, run.cpu.postgres));
  const saturation = f.endpoints.map((endpoint) => {
    const perReplica = throughput(f, "pg-1", endpoint);
    const fullCore = perReplica / f.slice;
    const redisBound = f.redisCapacity / evalshaPerRequest;
    return [
      `GET ${endpoint}`,
      whole(perReplica),
      whole(fullCore),
      whole(redisBound / perReplica),
      fixed(redisBound / fullCore, 1),
      fixed(1 / redisCpuPerRequest / fullCore, 1),
      fixed(1 / pgCpuPerRequest / fullCore, 1),
    ];
  });

  const idleRate = (counters: SharedTierCounters) =>
    `${fixed(counters.replicaStatements / f.idleSeconds, 1)} replica statements/s, ` +
    `${fixed(counters.redisCommands / f.idleSeconds, 1)} Redis commands/s`;
  return [
    "### The shared tier's work per request",
    "",
    'Counted over each run (medians): Redis INFO commandstats deltas ("commands" includes the script\'s own',
    "calls inside it), the statements the replicas ran on PostgreSQL under a database role of their own",
    "(pg_stat_statements: the ingest's bursty block writes are counted apart, unlike pg_stat_database's",
    "commits), and the CPU time of Redis, PostgreSQL (server and backends) and HAProxy from their cgroups'",
    `cpuacct. "Net" subtracts what the idle tier does in as long, measured for ${f.idleSeconds} s without a balancer`,
    `(${idleRate(f.idle.bare)}) and with one checking all 8 replicas (${idleRate(f.idle.checked)}):`,
    "the replicas' polls and heartbeats and HAProxy's /readyz checks.",
    "",
    table(
      [
        "Request",
        "N",
        "EVALSHA / req (net)",
        "Redis commands / req (net)",
        "Replica statements / req (net)",
        "… raw",
        "Redis CPU µs / req",
        "PostgreSQL CPU µs / req",
        "HAProxy CPU µs / req",
      ],
      rows,
    ),
    "",
    "### Where the shared tier would saturate",
    "",
    `Redis: redis-benchmark of the limiter's own script (EVALSHA on random clients' keys, 50 connections, Redis`,
    `alone on CPU 1) in this run: **${whole(f.redisCapacity)} EVALSHA/s**; Redis's own time per call (commandstats`,
    `usec_per_call): ${fixed(usecPerCall, 1)} µs; at ${fixed(evalshaPerRequest, 3)} EVALSHA per request. Redis's CPU per`,
    `request during the runs, network included, was ${fixed(redisCpuPerRequest * 1e6, 1)} µs: at these low rates each`,
    "request wakes Redis on its own, so that figure overstates the cost at saturation, where Redis answers many",
    "connections per wake-up; it gives the pessimistic column. PostgreSQL: the replicas ran",
    `${fixed(statementsPerRequest, 4)} statements per request net (hot answers come from each replica's cache until the`,
    `next block), so only its CPU per request (${fixed(pgCpuPerRequest * 1e6, 1)} µs, the ingest's writes included) bounds it.`,
    "A full-core replica's rate is extrapolated linearly from the slice (X(1)/slice); this run does not measure",
    "one, and the throughput table shows per-request cost is not constant across N on this machine.",
    "",
    table(
      [
        "Request",
        "X(1) per replica req/s",
        "… per full core (extrapolated)",
        `Redis saturates at N (${f.slice}-core replicas)`,
        "… (full-core replicas)",
        "… (full-core, Redis CPU per request: pessimistic)",
        "PostgreSQL saturates at N (full-core, its CPU per request)",
      ],
      saturation,
    ),
  ].join("\n");
}
