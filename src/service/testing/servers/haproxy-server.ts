// HAProxy in front of API replicas, as an operator would run it: round robin, health checks on /readyz, the
// client's address in X-Forwarded-For. Run in the foreground as a child, its configuration in a temp folder.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { programs } from "./binaries.ts";
import { freePort } from "./free-port.ts";
import { guardAgainstOrphan } from "./orphan-guard.ts";
import { retryUntil } from "./retry-until.ts";

export interface HaproxyBackend {
  /** The server's name in HAProxy (letters, digits, `-`, `_`, `.`). */
  name: string;
  port: number;
}

export interface HaproxyOptions {
  /** The port to serve on (0 or absent: a free one). */
  port?: number;
  /** The address to listen on (default 127.0.0.1; `*` for every interface). */
  host?: string;
  backends: HaproxyBackend[];
  /** What the health check asks for (default /readyz); a server is in rotation while it answers 200. */
  healthPath?: string;
  /** HAProxy's own messages, one line at a time (default: kept for errors only). */
  onOutput?: (line: string) => void;
}

export interface HaproxyServer {
  url: string;
  port: number;
  /** Each backend server's state as HAProxy sees it: "UP", "DOWN", "UP 1/2" (going down)… */
  serverStates(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

const NAME = /^[A-Za-z0-9_.-]+$/;
const HEALTH_PATH = /^\/[A-Za-z0-9/_.-]*$/;

/**
 * The configuration. Timeouts: clients and servers get 60 s to send or answer; an idle client connection is
 * kept 10 s. Idle connections to the replicas are kept in a pool and reused for any client (http-reuse
 * always) and purged gradually (pool-purge-delay, 5 s, half at a time): the replicas' keep-alive timeout must
 * be well above both (e.g. 65 s), else a replica closes a pooled connection just as HAProxy reuses it, and
 * that request gets a 502 because it is not retried. Only connection failures are retried (retry-on
 * conn-failure: the request was not sent), on another server (redispatch): a POST is never sent twice.
 * Live streams (GET /v1/stream) pass as they are written: nothing here buffers or compresses a response,
 * and `timeout client` and `timeout server` are idle timeouts that every byte restarts, so a stream's
 * heartbeat (a comment line every 15 s) keeps a quiet one open; `timeout tunnel` is left out, as it governs
 * only upgraded connections (WebSocket), and a stream is a long response, not a tunnel.
 */
export function haproxyConfig(options: {
  bind: string;
  backends: HaproxyBackend[];
  healthPath: string;
  statsSocket: string;
}): string {
  for (const { name, port } of options.backends) {
    if (!NAME.test(name))
      throw new Error(`HAProxy backend name ${JSON.stringify(name)}: use letters, digits, -_.`);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new Error(`backend ${name}: bad port ${port}`);
  }
  if (!HEALTH_PATH.test(options.healthPath))
    throw new Error(`health path ${options.healthPath}: not a plain path`);
  return [
    "global",
    "  maxconn 4096",
    `  stats socket ${options.statsSocket} mode 600 level user`,
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-keep-alive 10s",
    "  timeout http-request 10s",
    "  timeout check 2s",
    "  retries 3",
    "  retry-on conn-failure",
    "  option redispatch 1",
    "  option forwardfor",
    "",
    "frontend www",
    `  bind ${options.bind}`,
    "  default_backend replicas",
    "",
    "backend replicas",
    "  balance roundrobin",
    "  http-reuse always",
    "  option httpchk",
    `  http-check send meth GET uri ${options.healthPath}`,
    "  http-check expect status 200",
    "  default-server check inter 500 fall 2 rise 2",
    ...options.backends.map(({ name, port }) => `  server ${name} 127.0.0.1:${port}`),
    "",
  ].join("\n");
}

export async function startHaproxy(options: HaproxyOptions): Promise<HaproxyServer> {
  const folder = mkdtempSync(join(tmpdir(), "haproxy-throwaway-"));
  const statsSocket = join(folder, "stats.sock");
  const configFile = join(folder, "haproxy.cfg");
  const host = options.host ?? "127.0.0.1";
  try {
    for (let attempt = 1; ; attempt++) {
      const port = options.port || (await freePort());
      writeFileSync(
        configFile,
        haproxyConfig({
          bind: `${host === "*" ? "" : host}:${port}`,
          backends: options.backends,
          healthPath: options.healthPath ?? "/readyz",
          statsSocket,
        }),
      );
      const child = spawn(programs.haproxy(), ["-db", "-f", configFile], {
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      });
      const output = collectOutput(child, options.onOutput);
      const guard = guardAgainstOrphan(["kill", String(child.pid)], folder);
      let stopped: Promise<void> | undefined;
      const stop = () => {
        stopped ??= (async () => {
          await terminate(child);
          guard.release();
          rmSync(folder, { recursive: true, force: true });
        })();
        return stopped;
      };
      try {
        await retryUntil(`HAProxy on port ${port}`, () => acceptsConnections(port), {
          timeoutMs: 15_000,
          intervalMs: 50,
          giveUp: () => (child.exitCode !== null ? `haproxy exited: ${output()}` : undefined),
        });
      } catch (error) {
        await terminate(child);
        guard.release();
        if (!options.port && attempt < 3 && output().includes("cannot bind")) continue;
        throw error;
      }
      return {
        url: `http://127.0.0.1:${port}`,
        port,
        serverStates: () => serverStates(statsSocket),
        stop,
      };
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Passes each line on (if asked) and keeps the last few for an error message. */
function collectOutput(child: ChildProcess, onOutput?: (line: string) => void): () => string {
  let recent: string[] = [];
  let partial = "";
  const take = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onOutput?.(line);
    recent = [...recent, ...lines].slice(-5);
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  return () => [...recent, partial].join(" | ").trim();
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(killer);
}

function acceptsConnections(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve();
    });
    socket.once("error", reject);
  });
}

/** `show stat` on the stats socket: CSV, the proxy name first, the server name second, `status` by name. */
async function serverStates(statsSocket: string): Promise<Record<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    const socket = connect(statsSocket);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.once("end", () => resolve(answer));
    socket.once("error", reject);
    socket.end("show stat\n");
  });
  const [header = "", ...rows] = csv.trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const status = columns.indexOf("status");
  const states: Record<string, string> = {};
  for (const row of rows) {
    const [proxy, server, ...rest] = row.split(",");
    if (proxy !== "replicas" || server === "BACKEND" || server === undefined) continue;
    states[server] = rest[status - 2] ?? "";
  }
  return states;
}
