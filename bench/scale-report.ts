// The figures of npm run bench:scale as BENCHMARKS.md's section: how it was run, the targets, the throughput
// at each N with the replicas' own cost per request, the shared tier (scale-report-tier.ts), and one replica
// on PostgreSQL + Redis against today's single process on SQLite.
import { median, table } from "./report.ts";
import {
  fixed,
  type Measured,
  net,
  perRequest,
  rate,
  runsOf,
  type ScaleFigures,
  throughput,
  whole,
} from "./scale-figures.ts";
import { badAnswers } from "./scale-load.ts";
import { sharedTierSection } from "./scale-report-tier.ts";

const EFFICIENCY_TARGET = 0.8;
const RATIO_TARGET = 0.6;
const verdict = (ok: boolean) => (ok ? "met" : "missed");

function howItRan(f: ScaleFigures): string[] {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ");
  const pinned = f.replicaCpus === "0" ? "all pinned to CPU 0" : `free on CPUs ${f.replicaCpus}`;
  return [
    `Load average (1, 5, 15 min) before: ${load(f.loadBefore)}; after: ${load(f.loadAfter)}.`,
    "",
    "**All replicas, PostgreSQL, Redis, HAProxy, the ingest and wrk share one 2-core virtual machine** (with",
    "whatever else runs on it). Each replica (ROLE=api) runs in a cgroup v1 CPU slice of",
    `**${f.slice} core** (cpu.cfs_quota_us ${Math.round(f.slice * f.periodUs)} of cpu.cfs_period_us ${f.periodUs}), ${pinned}`,
    "(taskset); PostgreSQL 15, Redis 7, HAProxy, the ingest and wrk are pinned to CPU 1. The period is 20 ms, not",
    "the default 100 ms: a throttled process stands still for the rest of its period, and 95 ms stalls made",
    "Redis commands in flight time out in the replicas. Replicas are warmed up uncapped (JIT), then capped, then",
    "run once more capped before any measured run. One PostgreSQL (pg_stat_statements loaded) and one Redis,",
    "seeded once (HISTORY_DAYS=1, all coins, MARKET_SPEED=1), serve every run; the 8 replicas run throughout,",
    "and each run starts a HAProxy (round robin, /readyz checks every 500 ms) in front of the first N of them.",
    "",
    "The fair-usage limit is on (RATE_LIMIT=5) and every request is another client: the replicas trust HAProxy",
    `(TRUST_PROXY=127.0.0.1) and wrk (\`-t1\`, ${f.connections}·N connections, ${f.seconds} s a run; bench/scale-clients.lua)`,
    "sends a random X-Forwarded-For address from 10.0.0.0/8 with each request. A distinct *address* per request",
    "stands in for the issue's distinct *key*: API_KEYS cannot hold 100k keys in an environment variable, and an",
    "unkeyed client's address costs the same Redis script. So every request costs one EVALSHA of the shared window.",
    "",
    `Runs are interleaved in the order ${f.order.join(", ")}, both endpoints each time, ${f.repeats} repeats; figures are`,
    "medians of the repeats (each run's own figure listed). `pg-N`: N replicas on PostgreSQL + Redis; `sqlite`:",
    "one ROLE=all process on SQLite without Redis (today's default), in the same slice behind the same HAProxy.",
  ];
}

function whatItShows(fallbacks: number): string[] {
  return [
    "### What these figures show and do not",
    "",
    "- The shared tier's work per request is constant in N: one EVALSHA (seven Redis commands with the script's",
    "  own) per request at every N, and no PostgreSQL statement per request beyond the idle background (hot",
    "  answers are cached per block). Redis and PostgreSQL would saturate only at the replica counts above.",
    "- The loss of scaling is in the replicas' shared core, not in the shared tier: up to eight V8 processes",
    "  time-share CPU 0 in 1 ms turns. Each replica's CPU per request rises with N, and so do its context",
    "  switches per request (fewer requests answered per wake-up), while every slice stays throttled and Redis",
    "  and PostgreSQL do the same per request. Replicas on machines of their own share no core, caches or",
    "  scheduler; this run cannot show how they scale there.",
    "- Single runs vary up to 2–3× on this shared virtual machine (other work runs unpinned on both cores);",
    "  the targets are judged on the medians, and a ratio near or above 1 against SQLite is within that spread.",
    "- The SQLite process runs its market source in its slice; at idle that cost no measurable CPU, so the",
    "  comparison is of request handling: a Redis round trip per request against an in-process window.",
    ...(fallbacks > 0
      ? [
          `- ${fallbacks} time(s) a replica's Redis command timed out (500 ms; a 0.05-core replica can stall that`,
          "  long in a major GC) and it decided alone, at its share of the limit, until Redis answered a probe",
          "  (at most a second later); nothing was refused (every answer was 200).",
        ]
      : []),
  ];
}

export function scaleReport(f: ScaleFigures): string {
  const x = (system: string, endpoint: string) => throughput(f, system, endpoint);
  const efficiency = (n: number, endpoint: string) => x(`pg-${n}`, endpoint) / (n * x("pg-1", endpoint));
  const top = Math.max(...f.counts);
  const bad = f.runs.reduce((sum, run) => sum + badAnswers(run.load), 0);
  const fallbacks = f.runs.reduce((sum, run) => sum + run.fallbacks, 0);
  const statuses = new Map<string, number>();
  for (const run of f.runs) {
    for (const [status, n] of Object.entries(run.load.statuses))
      statuses.set(status, (statuses.get(status) ?? 0) + n);
  }
  const socketErrors = f.runs.reduce((sum, run) => sum + run.load.socketErrors, 0);

  const targets = [
    ...f.endpoints.map((endpoint) => {
      const e = efficiency(top, endpoint);
      const what = `Scaling efficiency X(${top})/(${top}·X(1)), GET ${endpoint}`;
      return [what, fixed(e, 2), `≥ ${EFFICIENCY_TARGET}`, verdict(e >= EFFICIENCY_TARGET)];
    }),
    ...f.endpoints.map((endpoint) => {
      const r = x("pg-1", endpoint) / x("sqlite", endpoint);
      const what = `1 replica on PostgreSQL + Redis / 1 process on SQLite, GET ${endpoint}`;
      return [what, fixed(r, 2), `≥ ${RATIO_TARGET}`, verdict(r >= RATIO_TARGET)];
    }),
    ["Answers other than 200, and failed sockets (any makes a run invalid)", bad, "0", verdict(bad === 0)],
    [
      "Replicas that lost Redis and decided alone (switches to the fallback)",
      fallbacks,
      "0",
      verdict(fallbacks === 0),
    ],
  ];

  const m = (system: string, endpoint: string, value: (run: Measured) => number) =>
    median(runsOf(f, system, endpoint).map(value));
  const throughputRows = f.endpoints.flatMap((endpoint) =>
    f.counts.map((n) => {
      const system = `pg-${n}`;
      const runs = runsOf(f, system, endpoint);
      return [
        `GET ${endpoint}`,
        n,
        whole(x(system, endpoint)),
        runs.map((run) => whole(rate(run))).join(", "),
        whole(x(system, endpoint) / n),
        fixed(efficiency(n, endpoint), 2),
        `${fixed(
          m(system, endpoint, (run) => run.load.p50Ms),
          1,
        )} / ${fixed(
          m(system, endpoint, (run) => run.load.p99Ms),
          0,
        )}`,
        fixed(
          m(system, endpoint, (run) => run.cpu.replicas / run.load.seconds),
          3,
        ),
        fixed(
          m(system, endpoint, (run) => perRequest(run, run.cpu.replicas) * 1e6),
          0,
        ),
        fixed(
          m(system, endpoint, (run) => perRequest(run, run.switches)),
          2,
        ),
        fixed(
          m(system, endpoint, (run) => perRequest(run, run.accepted)),
          3,
        ),
        runs.every((run) => run.throttled) ? "yes" : "no",
      ];
    }),
  );

  const reading = f.endpoints.map((endpoint) => {
    const at = (n: number, value: (run: Measured) => number) => m(`pg-${n}`, endpoint, value);
    const cpu = (n: number) =>
      fixed(
        at(n, (run) => perRequest(run, run.cpu.replicas) * 1e6),
        0,
      );
    const switches = (n: number) =>
      fixed(
        at(n, (run) => perRequest(run, run.switches)),
        2,
      );
    const commands = (n: number) =>
      fixed(
        at(n, (run) => perRequest(run, net(run, "redisCommands"))),
        2,
      );
    return (
      `- GET ${endpoint}: a replica's CPU per request ${cpu(1)} µs at N=1, ${cpu(top)} µs at N=${top}; its event ` +
      `loop switched out ${switches(1)} → ${switches(top)} times per request; Redis commands per request ` +
      `${commands(1)} → ${commands(top)}.`
    );
  });

  const comparison = f.endpoints.map((endpoint) => {
    const listed = (system: string) =>
      `${whole(x(system, endpoint))} (${runsOf(f, system, endpoint)
        .map((run) => whole(rate(run)))
        .join(", ")})`;
    return [
      `GET ${endpoint}`,
      listed("pg-1"),
      listed("sqlite"),
      fixed(x("pg-1", endpoint) / x("sqlite", endpoint), 2),
      fixed(
        m("pg-1", endpoint, (run) => perRequest(run, run.cpu.replicas) * 1e6),
        0,
      ),
      fixed(
        m("sqlite", endpoint, (run) => perRequest(run, run.cpu.replicas) * 1e6),
        0,
      ),
    ];
  });

  return [
    ...howItRan(f),
    "",
    "### Targets",
    "",
    table(["What", "Measured", "Target", "Verdict"], targets),
    "",
    `Answers seen: ${[...statuses].map(([status, n]) => `${status}: ${whole(n)}`).join(", ")}; failed sockets: ${socketErrors}.`,
    "",
    `### Throughput through HAProxy (${f.slice}-core slices)`,
    "",
    "The replicas' CPU is their cgroups' cpuacct during the run; switches are their main threads' voluntary and",
    "involuntary context switches (/proc); TCP accepts are the machine's (/proc/net/snmp PassiveOpens).",
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
        "Replica CPU µs / req",
        "Switches / req",
        "TCP accepts / req",
        "Slices throttled",
      ],
      throughputRows,
    ),
    "",
    "Where the scaling goes (medians):",
    "",
    ...reading,
    "",
    sharedTierSection(f),
    "",
    "### One replica on PostgreSQL + Redis against today's single process on SQLite",
    "",
    table(
      [
        "Request",
        "1 replica, PostgreSQL + Redis: req/s (runs)",
        "1 process ROLE=all, SQLite: req/s (runs)",
        "Ratio",
        "Replica CPU µs / req",
        "SQLite process CPU µs / req",
      ],
      comparison,
    ),
    "",
    `With no traffic the SQLite process used ${fixed(f.idle.cores.sqlite, 3)} core of its ${f.slice} (its market source,`,
    `block writes and rates run in it); the eight API replicas together ${fixed(f.idle.cores.replicas, 3)} (their`,
    "ingest is another process, on CPU 1, outside any slice).",
    "",
    ...whatItShows(fallbacks),
  ].join("\n");
}
