// A whole cluster on this machine: PostgreSQL and Redis (throw-away ones unless URLs are given), one ingest,
// N API replicas and HAProxy in front. The cluster command runs it for a person; the distributed tests run it
// to break it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/service/testing/servers/free-port.ts";
import { type HaproxyServer, startHaproxy } from "../src/service/testing/servers/haproxy-server.ts";
import { type PostgresServer, startPostgres } from "../src/service/testing/servers/postgres-server.ts";
import { type RedisServer, startRedis } from "../src/service/testing/servers/redis-server.ts";
import { retryUntil } from "../src/service/testing/servers/retry-until.ts";
import { type ServiceProcess, serviceProcess } from "./service-process.ts";

export interface ClusterOptions {
  /** API replicas behind HAProxy (at least 1). */
  replicas: number;
  /** HAProxy's port (0 or absent: a free one). */
  port?: number;
  /** HAProxy's address (default 127.0.0.1; `*` for every interface). */
  host?: string;
  /** An existing PostgreSQL database to use instead of a throw-away server. */
  databaseUrl?: string;
  /** An existing Redis to use instead of a throw-away server. */
  redisUrl?: string;
  /** The throw-away PostgreSQL writes durably (default true; tests may turn it off). */
  fsync?: boolean;
  /** Settings for every process, and for one role only (these win). */
  env?: { all?: Record<string, string>; ingest?: Record<string, string>; api?: Record<string, string> };
  /** Flags passed to every process's main.ts. */
  flags?: string[];
  /** The replicas' TRUST_PROXY (default 127.0.0.1: HAProxy's address); "" believes no forwarded header. */
  trustProxy?: string;
  /** How long the ingest may take to become ready (it seeds the history first; default 15 min). */
  ingestReadyTimeoutMs?: number;
  /** How long a replica may take to become ready (default 2 min). */
  replicaReadyTimeoutMs?: number;
  /** Each process's output, line by line (default: dropped; recentOutput() keeps the last lines). */
  onOutput?: (name: string, line: string) => void;
  /** A process of the service ended without being asked to (default: ignored). */
  onUnexpectedExit?: (name: string, how: string) => void;
  /** Aborting it while the cluster starts stops what has started; startCluster then rejects. */
  signal?: AbortSignal;
}

export interface Cluster {
  /** HAProxy's address: the cluster's front door. */
  url: string;
  replicas: ServiceProcess[];
  ingest: ServiceProcess;
  postgres: { url: string; server: PostgresServer | undefined };
  redis: { url: string; server: RedisServer | undefined };
  haproxy: HaproxyServer;
  /** The temporary folder of the processes' data directories (removed by stop()). */
  folder: string;
  /** The write key made for this cluster when no WRITE_KEYS was given (every replica must accept the same). */
  writeKey: string | undefined;
  /** The admin key made for this cluster when no ADMIN_KEYS was given (likewise). */
  adminKey: string | undefined;
  /** Stops the replicas (SIGTERM), the ingest, HAProxy, Redis and PostgreSQL, and removes the temp folder. */
  stop(): Promise<void>;
}

/** Whether the keys of a setting (WRITE_KEYS, ADMIN_KEYS) were given, in the environment or as a flag. */
function keysGiven(options: ClusterOptions, env: "WRITE_KEYS" | "ADMIN_KEYS", flag: string): boolean {
  const inEnv = [process.env, options.env?.all, options.env?.api].some((vars) => (vars?.[env] ?? "") !== "");
  return inEnv || (options.flags ?? []).some((given) => given === flag || given.startsWith(`${flag}=`));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(options.replicas) || options.replicas < 1) {
    throw new Error(`replicas must be a whole number of at least 1; got ${options.replicas}`);
  }
  const folder = mkdtempSync(join(tmpdir(), "market-cluster-"));
  const stops: (() => Promise<void>)[] = [];
  // Stops in reverse order of start, each whatever happens to the others.
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const [postgres, redis] = await Promise.all([
      options.databaseUrl
        ? { url: options.databaseUrl, server: undefined }
        : startPostgres({ fsync: options.fsync ?? true }).then((server) => ({ url: server.url, server })),
      options.redisUrl
        ? { url: options.redisUrl, server: undefined }
        : startRedis().then((server) => ({ url: server.url, server })),
    ]);
    if (postgres.server) stops.push(postgres.server.stop);
    if (redis.server) stops.push(redis.server.stop);
    options.signal?.throwIfAborted();

    const made = (env: "WRITE_KEYS" | "ADMIN_KEYS", flag: string) =>
      keysGiven(options, env, flag) ? undefined : randomBytes(24).toString("base64url");
    const writeKey = made("WRITE_KEYS", "--write-keys");
    const adminKey = made("ADMIN_KEYS", "--admin-keys");
    const shared = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ...(writeKey ? { WRITE_KEYS: writeKey } : {}),
      ...(adminKey ? { ADMIN_KEYS: adminKey } : {}),
      ...options.env?.all,
    };
    const processOf = async (name: string, role: "ingest" | "api", readyTimeoutMs: number) => {
      const port = await freePort();
      return serviceProcess({
        name,
        port,
        env: {
          ...shared,
          ...(role === "api" ? { TRUST_PROXY: options.trustProxy ?? "127.0.0.1" } : {}),
          ...options.env?.[role],
          // The cluster's own: the handle's url and the balancer's backends depend on them.
          PORT: String(port),
          ROLE: role,
          DATA_DIR: join(folder, name),
        },
        flags: options.flags ?? [],
        readyTimeoutMs,
        onOutput: options.onOutput ?? (() => {}),
        onUnexpectedExit: options.onUnexpectedExit ?? (() => {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    };

    // The ingest first: it creates the schema and seeds the history the replicas' /readyz waits for.
    const ingest = await processOf("ingest", "ingest", options.ingestReadyTimeoutMs ?? 15 * 60_000);
    stops.push(() => ingest.stop());
    await ingest.start();

    const replicas: ServiceProcess[] = [];
    for (let n = 1; n <= options.replicas; n++) {
      replicas.push(await processOf(`api-${n}`, "api", options.replicaReadyTimeoutMs ?? 2 * 60_000));
    }
    stops.push(async () => {
      await Promise.all(replicas.map((replica) => replica.stop()));
    });
    await Promise.all(replicas.map((replica) => replica.start()));
    options.signal?.throwIfAborted();

    const haproxy = await startHaproxy({
      ...(options.port ? { port: options.port } : {}),
      ...(options.host ? { host: options.host } : {}),
      backends: replicas.map(({ name, port }) => ({ name, port })),
      healthPath: "/readyz",
      onOutput: (line) => options.onOutput?.("haproxy", line),
    });
    // Stopped in the reverse order of this list: the replicas, the ingest, then HAProxy, Redis, PostgreSQL.
    stops.splice(stops.length - 2, 0, haproxy.stop);
    // HAProxy starts each server one check short of fully up ("UP 1/2"): wait for the first checks to pass.
    await retryUntil("HAProxy's health checks of the replicas", async () => {
      const states = await haproxy.serverStates();
      const notUp = replicas.filter(({ name }) => states[name] !== "UP").map(({ name }) => name);
      if (notUp.length > 0) throw new Error(`not yet up: ${notUp.join(", ")}`);
    });

    return {
      url: haproxy.url,
      replicas,
      ingest,
      postgres,
      redis,
      haproxy,
      folder,
      writeKey,
      adminKey,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
