// npm run bench:scale — throughput through HAProxy of 1, 2, 4 and 8 API replicas (ROLE=api) on one PostgreSQL,
// one Redis and one ingest, each replica held to the same small CPU slice (cgroup v1 quota) on CPU 0, the
// shared tier, HAProxy and wrk on CPU 1; and one replica on PostgreSQL + Redis against today's single process
// on SQLite (ROLE=all) in the same slice behind the same kind of HAProxy. The fair-usage limit is on and every
// request is another client. Runs are interleaved and repeated; medians are reported. Writes BENCHMARKS.md.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import postgres from "postgres";
import { startCluster } from "../cluster/cluster-processes.ts";
import { type ServiceProcess, serviceProcess } from "../cluster/service-process.ts";
import { freePort } from "../src/service/testing/servers/free-port.ts";
import { type HaproxyServer, startHaproxy } from "../src/service/testing/servers/haproxy-server.ts";
import { startPostgres } from "../src/service/testing/servers/postgres-server.ts";
import { startRedis } from "../src/service/testing/servers/redis-server.ts";
import { retryUntil } from "../src/service/testing/servers/retry-until.ts";
import { writeSection } from "./report.ts";
import type { Measured } from "./scale-figures.ts";
import {
  badAnswers,
  counterDelta,
  firstEvalsha,
  type LoadResult,
  redisScriptCapacity,
  runLoad,
  type SharedTierCounters,
  sharedTierCounters,
} from "./scale-load.ts";
import {
  acceptedConnections,
  contextSwitches,
  cpuGroups,
  cpuGroupsMissing,
  listenerPid,
  pin,
  processTree,
} from "./scale-machine.ts";
import { scaleReport } from "./scale-report.ts";
import * as run from "./scale-settings.ts";

const log = (line: string) => console.log(`bench:scale: ${line}`);

const missing = cpuGroupsMissing();
if (missing) {
  console.error(`bench:scale ${missing}; nothing measured`);
  process.exit(1);
}
// Ctrl-C still runs the exit hooks that stop the servers and remove the cgroups.
process.once("SIGINT", () => process.exit(130));

const loadBefore = loadavg();
const groups = cpuGroups(`bench-scale-${process.pid}`);
const unexpected: string[] = [];
const onUnexpectedExit = (name: string, how: string) => unexpected.push(`${name} ${how}`);
/** Times a replica said it lost Redis and decided alone (fair-usage-redis.ts logs each switch once). */
let fallbacks = 0;
const onOutput = (_name: string, line: string) => {
  if (line.includes("fair usage: Redis unreachable")) fallbacks++;
};
const stops: (() => Promise<unknown>)[] = [];
const sqliteDir = mkdtempSync(join(tmpdir(), "bench-scale-sqlite-"));

try {
  // The shared tier, pinned to CPU 1 and accounted before anything connects: backends forked later follow.
  const [pg, redisServer] = await Promise.all([
    startPostgres({ settings: { shared_preload_libraries: "pg_stat_statements", max_connections: "300" } }),
    startRedis(),
  ]);
  stops.push(pg.stop, redisServer.stop);
  for (const [name, port] of [
    ["postgres", pg.port],
    ["redis", redisServer.port],
  ] as const) {
    for (const pid of processTree(listenerPid(port))) {
      pin(pid, run.SHARED_CPU);
      groups.add(name, pid);
    }
  }
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  stops.push(() => sql.end({ timeout: 1 }));
  await sql`create extension pg_stat_statements`;
  // The replicas connect as a role of their own, so their statements are counted apart from the ingest's.
  await sql.unsafe(`create role ${run.REPLICA_ROLE} login superuser`);
  const replicaUrl = new URL(pg.url);
  replicaUrl.username = run.REPLICA_ROLE;
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
  stops.push(() => redis.quit());

  log(`seeding ${run.MARKET.HISTORY_DAYS} day of all coins into PostgreSQL and SQLite, starting 8 replicas`);
  const sqlitePort = await freePort();
  const sqlite = serviceProcess({
    name: "sqlite",
    port: sqlitePort,
    env: {
      ...run.MARKET,
      PORT: String(sqlitePort),
      ROLE: "all",
      DATA_DIR: sqliteDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      TRUST_PROXY: "127.0.0.1",
    },
    flags: [],
    readyTimeoutMs: 10 * 60_000,
    onOutput: () => {},
    onUnexpectedExit,
  });
  stops.push(() => sqlite.stop());
  const [cluster] = await Promise.all([
    startCluster({
      replicas: Math.max(...run.COUNTS),
      databaseUrl: pg.url,
      redisUrl: redisServer.url,
      env: { all: run.MARKET, api: { DATABASE_URL: replicaUrl.toString() } },
      trustProxy: "127.0.0.1",
      onOutput,
      onUnexpectedExit,
    }),
    sqlite.start(),
  ]);
  stops.push(cluster.stop);
  // The cluster's own balancer is not measured; its health checks would count as the replicas' work.
  await cluster.haproxy.stop();
  const ingestPid = cluster.ingest.pid() as number;
  pin(ingestPid, run.SHARED_CPU);
  groups.add("ingest", ingestPid);
  const slices = new Map<ServiceProcess, string>([
    [sqlite, "sqlite"],
    ...cluster.replicas.map((replica, i) => [replica, `api-${i + 1}`] as const),
  ]);
  for (const [measured, slice] of slices) {
    pin(measured.pid() as number, run.REPLICA_CPUS);
    groups.add(slice, measured.pid() as number);
  }

  const systems = new Map<string, ServiceProcess[]>([["sqlite", [sqlite]]]);
  for (const n of run.COUNTS) systems.set(`pg-${n}`, cluster.replicas.slice(0, n));
  const cpuOf = (names: string[]) => names.reduce((sum, name) => sum + groups.cpuSeconds(name), 0);
  const balancerFor = async (system: string): Promise<HaproxyServer> => {
    const backends = systems.get(system) ?? [];
    const haproxy = await startHaproxy({
      backends: backends.map(({ name, port }) => ({ name, port })),
      healthPath: "/readyz",
    });
    const pid = listenerPid(haproxy.port);
    pin(pid, run.SHARED_CPU);
    groups.add("haproxy", pid);
    await retryUntil(`HAProxy's checks of ${system}`, async () => {
      const states = await haproxy.serverStates();
      if (!backends.every(({ name }) => states[name] === "UP")) throw new Error(JSON.stringify(states));
    });
    return haproxy;
  };

  // Warm up uncapped (the JIT under a 0.05-core cap would take minutes), then cap every slice.
  log(
    `warming up uncapped (${run.WARM_SECONDS} s per endpoint), then capping each slice at ${run.SLICE} core`,
  );
  for (const system of ["pg-8", "sqlite"]) {
    const haproxy = await balancerFor(system);
    for (const endpoint of run.ENDPOINTS)
      await runLoad(haproxy.url + endpoint, 64, run.WARM_SECONDS, run.SHARED_CPU);
    await haproxy.stop();
  }
  for (const slice of slices.values()) groups.cap(slice, run.SLICE, run.PERIOD_US);
  for (const system of run.ORDER) {
    const haproxy = await balancerFor(system);
    for (const endpoint of run.ENDPOINTS) {
      const connections = run.CONNECTIONS * (systems.get(system) ?? []).length;
      await runLoad(haproxy.url + endpoint, connections, run.SETTLE_SECONDS, run.SHARED_CPU);
    }
    await haproxy.stop();
  }

  // What the tier does with no traffic (the replicas' polls and heartbeats; with a balancer, its checks),
  // subtracted from each run's counters in proportion to its length; and the CPU the processes under test
  // use meanwhile (the SQLite process runs its own market source and block writes in its slice).
  const replicaSlices = cluster.replicas.map((replica) => slices.get(replica) as string);
  const idle = async (system: string | undefined) => {
    const haproxy = system ? await balancerFor(system) : undefined;
    const before = await sharedTierCounters(redis, sql, run.REPLICA_ROLE);
    const cpuBefore = [groups.cpuSeconds("sqlite"), cpuOf(replicaSlices)];
    await sleep(run.IDLE_SECONDS * 1000);
    const counters = counterDelta(await sharedTierCounters(redis, sql, run.REPLICA_ROLE), before);
    const [sqliteCpu = 0, replicasCpu = 0] = [groups.cpuSeconds("sqlite"), cpuOf(replicaSlices)].map(
      (after, i) => (after - (cpuBefore[i] as number)) / run.IDLE_SECONDS,
    );
    await haproxy?.stop();
    return { counters, cores: { sqlite: sqliteCpu, replicas: replicasCpu } };
  };
  const idleRun = await idle(undefined);
  const idleBare = idleRun.counters;
  const idleChecked = (await idle("pg-8")).counters;
  const background = (system: string, seconds: number): SharedTierCounters => {
    const checked = system === "sqlite" ? 0 : Number(system.slice(3)) / 8;
    const rate = (key: keyof SharedTierCounters) =>
      ((idleBare[key] + (idleChecked[key] - idleBare[key]) * checked) / run.IDLE_SECONDS) * seconds;
    return {
      redisCommands: rate("redisCommands"),
      redisEvalsha: rate("redisEvalsha"),
      redisEvalshaUsec: 0,
      replicaStatements: rate("replicaStatements"),
    };
  };

  const runs: Measured[] = [];
  const infra = ["redis", "postgres", "haproxy", "ingest"] as const;
  for (let repeat = 1; repeat <= run.REPEATS; repeat++) {
    for (const system of run.ORDER) {
      const processes = systems.get(system) ?? [];
      const sliceNames = processes.map((p) => slices.get(p) as string);
      const haproxy = await balancerFor(system);
      for (const endpoint of run.ENDPOINTS) {
        const before = await sharedTierCounters(redis, sql, run.REPLICA_ROLE);
        const fallbacksBefore = fallbacks;
        const cpuBefore = [cpuOf(sliceNames), ...infra.map((name) => groups.cpuSeconds(name))];
        const throttledBefore = sliceNames.map((name) => groups.throttledPeriods(name));
        const pids = processes.map((p) => p.pid() as number);
        const switchesBefore = pids.reduce((sum, pid) => sum + contextSwitches(pid), 0);
        const acceptedBefore = acceptedConnections();
        const load: LoadResult = await runLoad(
          haproxy.url + endpoint,
          16 * processes.length,
          run.SECONDS,
          run.SHARED_CPU,
        );
        const counters = counterDelta(await sharedTierCounters(redis, sql, run.REPLICA_ROLE), before);
        const cpuAfter = [cpuOf(sliceNames), ...infra.map((name) => groups.cpuSeconds(name))];
        const [replicas = 0, redisCpu = 0, postgresCpu = 0, haproxyCpu = 0, ingestCpu = 0] = cpuAfter.map(
          (after, i) => after - (cpuBefore[i] as number),
        );
        const throttled = sliceNames.every(
          (name, i) => groups.throttledPeriods(name) > (throttledBefore[i] as number),
        );
        runs.push({
          system,
          replicas: processes.length,
          endpoint,
          repeat,
          load,
          counters,
          background: background(system, load.seconds),
          cpu: { replicas, redis: redisCpu, postgres: postgresCpu, haproxy: haproxyCpu, ingest: ingestCpu },
          throttled,
          fallbacks: fallbacks - fallbacksBefore,
          switches: pids.reduce((sum, pid) => sum + contextSwitches(pid), 0) - switchesBefore,
          accepted: acceptedConnections() - acceptedBefore,
        });
        const rps = load.requests / load.seconds;
        log(
          `repeat ${repeat} ${system.padEnd(6)} ${endpoint.padEnd(18)} ${rps.toFixed(0).padStart(6)} req/s` +
            `  bad ${badAnswers(load)}  EVALSHA/req ${(counters.redisEvalsha / load.requests).toFixed(3)}` +
            `  replica CPU ${(replicas / load.seconds).toFixed(3)} cores  fallbacks ${fallbacks - fallbacksBefore}`,
        );
        if (unexpected.length > 0)
          throw new Error(`a process of the service ended: ${unexpected.join("; ")}`);
      }
      await haproxy.stop();
    }
  }

  // Redis's capacity for the limiter's script, measured here: the replicas are idle, so redis-benchmark takes
  // CPU 0 and Redis keeps CPU 1 to itself (wrk is done).
  const sha = await firstEvalsha(redisServer.port, async () => {
    const response = await fetch(`${cluster.replicas[0]?.url}/v1/coins`, {
      headers: { "X-Forwarded-For": "10.255.255.254" },
    });
    await response.body?.cancel();
  });
  const redisCapacity = await redisScriptCapacity(redisServer.port, sha, run.REPLICA_CPU);
  log(`redis-benchmark of the limiter's script: ${redisCapacity.toFixed(0)} EVALSHA/s`);

  const body = scaleReport({
    runs,
    slice: run.SLICE,
    periodUs: run.PERIOD_US,
    connections: run.CONNECTIONS,
    replicaCpus: run.REPLICA_CPUS,
    seconds: run.SECONDS,
    repeats: run.REPEATS,
    counts: [...run.COUNTS],
    endpoints: [...run.ENDPOINTS],
    order: [...run.ORDER],
    redisCapacity,
    loadBefore,
    loadAfter: loadavg(),
    idleSeconds: run.IDLE_SECONDS,
    idle: { bare: idleBare, checked: idleChecked, cores: idleRun.cores },
  });
  console.log(body);
  writeSection("scale", "npm run bench:scale", body);
  log("written to BENCHMARKS.md");
} finally {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  groups.remove();
  rmSync(sqliteDir, { recursive: true, force: true });
}
