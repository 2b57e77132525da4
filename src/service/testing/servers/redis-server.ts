// A throw-away Redis: redis-server on a free loopback port, nothing saved to disk, stopped with the test or
// the cluster. restart() brings it back on the same port, so a test can watch clients reconnect.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";
import { programs } from "./binaries.ts";
import { freePort } from "./free-port.ts";
import { guardAgainstOrphan, type OrphanGuard } from "./orphan-guard.ts";
import { retryUntil } from "./retry-until.ts";

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops the server (SIGTERM; SIGKILL after 5 s); the port stays free for restart(). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  restart(): Promise<void>;
}

export interface RedisOptions {
  /** The port (default: a free one). */
  port?: number;
}

interface RunningRedis {
  child: ChildProcess;
  guard: OrphanGuard;
}

const STOPPED_WITHOUT_STOP = new Set<ChildProcess>();
let exitHookInstalled = false;

export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  let port = options.port ?? (await freePort());
  let running: RunningRedis | undefined;
  // Another process may take a free port before redis-server binds it: try a few unless one was asked for.
  for (let attempt = 1; running === undefined; attempt++) {
    try {
      running = await launch(port);
    } catch (error) {
      if (options.port !== undefined || attempt >= 3) throw error;
      port = await freePort();
    }
  }
  let current: RunningRedis | undefined = running;
  const stop = async () => {
    const stopping = current;
    current = undefined;
    if (stopping) await terminate(stopping);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: async () => {
      await stop();
      current = await launch(port);
    },
  };
}

async function launch(port: number): Promise<RunningRedis> {
  const child = spawn(
    programs.redisServer(),
    // biome-ignore format: flag and value pairs
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
     "--daemonize", "no", "--loglevel", "warning", "--protected-mode", "yes"],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const guard = guardAgainstOrphan(["kill", String(child.pid)]);
  STOPPED_WITHOUT_STOP.add(child);
  installExitHook();
  const running = { child, guard };
  try {
    await retryUntil(`Redis on port ${port}`, () => ping(port), {
      timeoutMs: 15_000,
      intervalMs: 50,
      giveUp: () =>
        child.exitCode !== null || child.signalCode !== null
          ? `redis-server exited: ${output.trim().split("\n").slice(-3).join(" | ")}`
          : undefined,
    });
  } catch (error) {
    await terminate(running);
    throw error;
  }
  return running;
}

async function terminate({ child, guard }: RunningRedis): Promise<void> {
  STOPPED_WITHOUT_STOP.delete(child);
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(killer);
  }
  guard.release();
}

async function ping(port: number): Promise<void> {
  const client = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== "PONG") throw new Error(`PING answered ${answer}`);
  } finally {
    client.disconnect();
  }
}

/** A process that ends without stopping its servers (a failed test file) still stops them on its way out. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of STOPPED_WITHOUT_STOP) child.kill("SIGKILL");
  });
}

export interface TestRedis {
  /** A Redis of the test's own: an empty database of it. */
  url: string;
  /** The throw-away server behind `url` (undefined when REDIS_URL names the server): stop() and restart(). */
  server: RedisServer | undefined;
  /** Empties the test's database, stops the throw-away server (if any). */
  drop(): Promise<void>;
}

/**
 * An empty Redis for a test. Without REDIS_URL: a throw-away server of its own (it starts in milliseconds,
 * and a server of its own is the only way its publish/subscribe news stays apart from other tests'). With
 * REDIS_URL: a database index (1–15) claimed in database 0 and emptied; pub/sub channels are then shared with
 * other tests on that server.
 */
export async function testRedis(): Promise<TestRedis> {
  const external = process.env.REDIS_URL;
  if (!external) {
    const server = await startRedis();
    return { url: server.url, server, drop: () => server.stop() };
  }
  const admin = new Redis(external, { maxRetriesPerRequest: 1, lazyConnect: true });
  admin.on("error", () => {});
  try {
    await admin.connect();
    for (let db = 1; db <= 15; db++) {
      const claim = `test-redis:claim:${db}`;
      // A claim lapses after an hour: a test process killed before drop() does not hold its index forever.
      if ((await admin.set(claim, String(process.pid), "EX", 3_600, "NX")) !== "OK") continue;
      await admin.select(db);
      await admin.flushdb();
      await admin.select(0);
      const url = new URL(external);
      url.pathname = `/${db}`;
      return { url: url.toString(), server: undefined, drop: () => releaseDatabase(external, db) };
    }
    throw new Error(`REDIS_URL ${withoutCredentials(external)}: all 15 test database indexes are in use`);
  } finally {
    admin.disconnect();
  }
}

async function releaseDatabase(external: string, db: number): Promise<void> {
  const admin = new Redis(external, { maxRetriesPerRequest: 1, lazyConnect: true });
  admin.on("error", () => {});
  try {
    await admin.connect();
    await admin.select(db);
    await admin.flushdb();
    await admin.select(0);
    await admin.del(`test-redis:claim:${db}`);
  } finally {
    admin.disconnect();
  }
}

/** The server's address without a password, for messages. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.password = "";
  parsed.username = "";
  return parsed.toString();
}
