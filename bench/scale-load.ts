// The load and the shared tier's counters for npm run bench:scale: wrk with a client of its own per request
// (scale-clients.lua), Redis's command statistics, and PostgreSQL's statements counted by database role.
import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Redis } from "ioredis";
import type postgres from "postgres";

const CLIENTS_SCRIPT = fileURLToPath(new URL("scale-clients.lua", import.meta.url));

export interface LoadResult {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Connections that failed, reads and writes that failed, timeouts. */
  socketErrors: number;
}

/** wrk pinned to `cpu`, one thread, `connections` connections, every request another client address. */
export async function runLoad(
  url: string,
  connections: number,
  seconds: number,
  cpu: number,
): Promise<LoadResult> {
  const args = [
    "-c",
    String(cpu),
    "wrk",
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    // A slow answer (a throttled slice) is still an answer: counted, not dropped as a timeout.
    "--timeout",
    "10s",
    "-s",
    CLIENTS_SCRIPT,
    url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("taskset", args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
    );
  });
  const line = /^SCALE-RESULT (.*)$/m.exec(output)?.[1];
  if (!line) throw new Error(`wrk printed no result line:\n${output}`);
  const result = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    connectErrors: number;
    readErrors: number;
    writeErrors: number;
    timeouts: number;
    p50Us: number;
    p99Us: number;
    statuses: Record<string, number>;
  };
  return {
    requests: result.requests,
    seconds: result.durationUs / 1e6,
    p50Ms: result.p50Us / 1000,
    p99Ms: result.p99Us / 1000,
    statuses: result.statuses,
    socketErrors: result.connectErrors + result.readErrors + result.writeErrors + result.timeouts,
  };
}

/** Answers that are not 200, and failed sockets: any of them makes a run invalid. */
export function badAnswers(result: LoadResult): number {
  const notOk = Object.entries(result.statuses)
    .filter(([status]) => status !== "200")
    .reduce((sum, [, n]) => sum + n, 0);
  return notOk + result.socketErrors;
}

export interface SharedTierCounters {
  /** Redis commands of every kind (a script's own calls inside it included), and EVALSHA alone. */
  redisCommands: number;
  redisEvalsha: number;
  /** Microseconds Redis spent in EVALSHA (its execution, without the network). */
  redisEvalshaUsec: number;
  /** Statements the API replicas ran on PostgreSQL (pg_stat_statements, by their database role). */
  replicaStatements: number;
}

/** Redis: INFO commandstats. PostgreSQL: the statements run by the replicas' own role. */
export async function sharedTierCounters(
  redis: Redis,
  sql: postgres.Sql,
  replicaRole: string,
): Promise<SharedTierCounters> {
  const info = await redis.info("commandstats");
  let redisCommands = 0;
  let redisEvalsha = 0;
  let redisEvalshaUsec = 0;
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm)) {
    const [, command, calls, usec] = match;
    // The bench's own INFO is no traffic of the service's.
    if (command === "info") continue;
    redisCommands += Number(calls);
    if (command === "evalsha") {
      redisEvalsha = Number(calls);
      redisEvalshaUsec = Number(usec);
    }
  }
  const [statements] = await sql<{ calls: string | null }[]>`
    select sum(s.calls) as calls from pg_stat_statements s join pg_roles r on r.oid = s.userid
    where r.rolname = ${replicaRole}`;
  return {
    redisCommands,
    redisEvalsha,
    redisEvalshaUsec,
    replicaStatements: Number(statements?.calls ?? 0),
  };
}

export function counterDelta(after: SharedTierCounters, before: SharedTierCounters): SharedTierCounters {
  return {
    redisCommands: after.redisCommands - before.redisCommands,
    redisEvalsha: after.redisEvalsha - before.redisEvalsha,
    redisEvalshaUsec: after.redisEvalshaUsec - before.redisEvalshaUsec,
    replicaStatements: after.replicaStatements - before.replicaStatements,
  };
}

const run = promisify(execFile);

/**
 * Redis's capacity for the limiter's own script, measured with redis-benchmark on this Redis: `sha` is the
 * script the replicas load (taken from MONITOR), run on random clients' keys apart from the live ones.
 */
export async function redisScriptCapacity(port: number, sha: string, cpu: number): Promise<number> {
  const { stdout } = await run("taskset", [
    ...["-c", String(cpu), "redis-benchmark", "-p", String(port), "-n", "200000", "-c", "50"],
    ...[
      "-r",
      "16777216",
      "--csv",
      "evalsha",
      sha,
      "1",
      "fu:bench:__rand_int__",
      "5",
      "60000",
      "m:__rand_int__",
    ],
  ]);
  const rps = /"evalsha[^"]*","([\d.]+)"/i.exec(stdout)?.[1];
  if (!rps) throw new Error(`redis-benchmark printed no rate:\n${stdout}`);
  return Number(rps);
}

/** The SHA of the first EVALSHA Redis sees while `trigger` runs (MONITOR, for a moment). */
export async function firstEvalsha(port: number, trigger: () => Promise<void>): Promise<string> {
  const monitor = spawn("redis-cli", ["-p", String(port), "monitor"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    let seen = "";
    const found = new Promise<string>((resolve, reject) => {
      monitor.stdout.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const sha = /"evalsha" "([0-9a-f]{40})" "1" "fu:/i.exec(seen)?.[1];
        if (sha) resolve(sha);
      });
      timer = setTimeout(
        () => reject(new Error(`no EVALSHA of the limit seen in 10 s:\n${seen.slice(-500)}`)),
        10_000,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await trigger();
    return await found;
  } finally {
    clearTimeout(timer);
    monitor.kill();
  }
}
