// A throw-away PostgreSQL: initdb into a temporary folder, pg_ctl start on a free loopback port with the socket
// in that folder, and everything removed on stop. Tests and the cluster command use it; a database of one's
// own on it (or on the server DATABASE_URL names) comes from testDatabase().
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { programs } from "./binaries.ts";
import { freePort } from "./free-port.ts";
import { guardAgainstOrphan } from "./orphan-guard.ts";
import { retryUntil } from "./retry-until.ts";

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication: loopback only). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** Durable writes (default false: tests lose nothing they need when the machine crashes). */
  fsync?: boolean;
  /** More `-c name=value` server settings. */
  settings?: Record<string, string>;
}

const STOPPED_WITHOUT_STOP = new Set<() => void>();
let exitHookInstalled = false;

/** PostgreSQL refuses to run as root; as root the programs run as Debian's `postgres` user. */
function asServerUser(program: string, args: string[]): string[] {
  return userInfo().uid === 0 ? ["runuser", "-u", "postgres", "--", program, ...args] : [program, ...args];
}

async function runAsServerUser(program: string, args: string[]): Promise<void> {
  const [command = program, ...rest] = asServerUser(program, args);
  await run(command, rest);
}

function logTail(logFile: string): string {
  try {
    return readFileSync(logFile, "utf8").trim().split("\n").slice(-5).join(" | ");
  } catch {
    return "(no server log)";
  }
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const folder = mkdtempSync(join(tmpdir(), "pg-throwaway-"));
  const dataDir = join(folder, "data");
  const logFile = join(folder, "server.log");
  if (userInfo().uid === 0) {
    const { uid, gid } = postgresUserIds();
    chownSync(folder, uid, gid);
  }
  try {
    await runAsServerUser(programs.initdb(), [
      "-D",
      dataDir,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    return await startOnFreePort(folder, dataDir, logFile, options);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function postgresUserIds(): { uid: number; gid: number } {
  const [uid, gid] = ["-u", "-g"].map((flag) =>
    Number(spawnSync("id", [flag, "postgres"]).stdout.toString()),
  );
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) {
    throw new Error("running as root needs the `postgres` user (Debian's postgresql package creates it)");
  }
  return { uid: uid as number, gid: gid as number };
}

async function startOnFreePort(
  folder: string,
  dataDir: string,
  logFile: string,
  options: PostgresOptions,
): Promise<PostgresServer> {
  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: folder,
    ...(options.fsync ? {} : { fsync: "off", synchronous_commit: "off", full_page_writes: "off" }),
    ...options.settings,
  };
  const serverArgs = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  // Another process may take the port between freePort() and the server's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const pgCtl = programs.pgCtl();
    const started = await runAsServerUser(pgCtl, [
      "start",
      "-D",
      dataDir,
      "-l",
      logFile,
      "-w",
      "-t",
      "60",
      "-o",
      [`-p ${port}`, ...serverArgs].join(" "),
    ]).then(
      () => true,
      () => false,
    );
    if (!started) {
      if (attempt < 3 && logTail(logFile).includes("could not bind")) continue;
      throw new Error(`PostgreSQL did not start: ${logTail(logFile)}`);
    }
    const [stopCommand = pgCtl, ...stopArgs] = asServerUser(pgCtl, [
      "stop",
      "-D",
      dataDir,
      "-m",
      "immediate",
    ]);
    const guard = guardAgainstOrphan([stopCommand, ...stopArgs], folder);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let stopped: Promise<void> | undefined;
    const stopAtExit = () => {
      spawnSync(stopCommand, stopArgs);
      rmSync(folder, { recursive: true, force: true });
    };
    const stop = () => {
      stopped ??= (async () => {
        STOPPED_WITHOUT_STOP.delete(stopAtExit);
        await runAsServerUser(pgCtl, ["stop", "-D", dataDir, "-m", "fast", "-w"]).catch(() => {});
        guard.release();
        rmSync(folder, { recursive: true, force: true });
      })();
      return stopped;
    };
    STOPPED_WITHOUT_STOP.add(stopAtExit);
    installExitHook();
    try {
      await retryUntil(`PostgreSQL on port ${port}`, () => selectOne(url), { timeoutMs: 30_000 });
    } catch (error) {
      await stop();
      throw error;
    }
    return { url, port, stop };
  }
}

/** A process that ends without stopping its servers (a failed test file) still stops them on its way out. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const stopAtExit of STOPPED_WITHOUT_STOP) stopAtExit();
  });
}

function selectOne(url: string): Promise<void> {
  return onServer(url, (sql) => sql`select 1`);
}

export interface TestDatabase {
  /** The URL of a database of its own, empty. */
  url: string;
  /** Drops the database (its open connections too), and stops the throw-away server with the last one. */
  drop(): Promise<void>;
}

/** The throw-away server of this process (test file), started by the first testDatabase(). */
let sharedServer: Promise<PostgresServer> | undefined;
let databasesOnSharedServer = 0;

/**
 * A fresh database `t_<random>` on the server DATABASE_URL names, else on a throw-away server started once per
 * process: each test or suite gets its own, so they can run side by side.
 */
export async function testDatabase(): Promise<TestDatabase> {
  const external = process.env.DATABASE_URL;
  let serverUrl: string;
  if (external) {
    serverUrl = external;
  } else {
    databasesOnSharedServer++;
    sharedServer ??= startPostgres();
    try {
      serverUrl = (await sharedServer).url;
    } catch (error) {
      sharedServer = undefined;
      databasesOnSharedServer--;
      throw error;
    }
  }
  const name = `t_${randomBytes(8).toString("hex")}`;
  await onServer(serverUrl, (sql) => sql.unsafe(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    drop: () => {
      dropped ??= (async () => {
        try {
          await onServer(serverUrl, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
        } finally {
          if (!external && --databasesOnSharedServer === 0 && sharedServer) {
            const server = sharedServer;
            sharedServer = undefined;
            await (await server).stop();
          }
        }
      })();
      return dropped;
    },
  };
}

async function onServer(url: string, statement: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await statement(sql);
  } finally {
    await sql.end({ timeout: 1 });
  }
}
