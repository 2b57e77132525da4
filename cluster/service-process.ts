// One process of the service in a cluster (the ingest or an API replica): `node --import tsx
// src/service/main.ts` in its role, on a port of its own, its output passed on line by line. A test may kill
// it with any signal and start it again on the same port, data directory and settings.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { guardAgainstOrphan, type OrphanGuard } from "../src/service/testing/servers/orphan-guard.ts";
import { retryUntil } from "../src/service/testing/servers/retry-until.ts";

const REPOSITORY = fileURLToPath(new URL("..", import.meta.url));
const RECENT_LINES = 20;

export interface ServiceProcessOptions {
  name: string;
  port: number;
  /** The environment on top of this process's own (ROLE, PORT, DATA_DIR, DATABASE_URL…). */
  env: Record<string, string>;
  /** Flags after `main.ts` (the user's own, passed through). */
  flags: string[];
  /** How long start() waits for GET /readyz to answer 200. */
  readyTimeoutMs: number;
  onOutput: (name: string, line: string) => void;
  /** The process ended without kill() or stop() asking it to. */
  onUnexpectedExit: (name: string, how: string) => void;
  /** Ends start()'s wait early (the cluster is being stopped while it starts). */
  signal?: AbortSignal;
}

export interface ServiceProcess {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The running process's id (undefined while stopped). */
  pid(): number | undefined;
  /** Sends a signal (default SIGTERM) and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it (again) and waits until /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
  /** Its last lines of output, for a failure's message. */
  recentOutput(): string;
}

export function serviceProcess(options: ServiceProcessOptions): ServiceProcess {
  const { name, port } = options;
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let guard: OrphanGuard | undefined;
  let recent: string[] = [];
  let expectingExit = false;

  const passOn = (stream: NodeJS.ReadableStream | null) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        options.onOutput(name, line);
        recent.push(line);
      }
      if (recent.length > RECENT_LINES) recent = recent.slice(-RECENT_LINES);
    });
  };

  const hasExited = (running: ChildProcess) => running.exitCode !== null || running.signalCode !== null;

  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    const running = child;
    if (!running || hasExited(running)) return;
    expectingExit = true;
    const exited = once(running, "exit");
    running.kill(signal);
    await exited;
  };

  return {
    name,
    port,
    url,
    pid: () => (child && !hasExited(child) ? child.pid : undefined),
    kill,
    recentOutput: () => recent.join("\n"),
    start: async () => {
      if (child && !hasExited(child)) throw new Error(`${name} is already running`);
      expectingExit = false;
      const started = spawn(process.execPath, ["--import", "tsx", "src/service/main.ts", ...options.flags], {
        cwd: REPOSITORY,
        env: { ...process.env, ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group: Ctrl-C reaches the cluster command alone, which stops its processes in order.
        detached: true,
      });
      child = started;
      guard?.release();
      guard = guardAgainstOrphan(["kill", String(started.pid)]);
      passOn(started.stdout);
      passOn(started.stderr);
      started.once("exit", (code, signal) => {
        if (!expectingExit)
          options.onUnexpectedExit(name, signal ? `killed by ${signal}` : `exit code ${code}`);
      });
      await retryUntil(`${name} (${url}/readyz)`, () => ready(url), {
        timeoutMs: options.readyTimeoutMs,
        intervalMs: 250,
        giveUp: () =>
          options.signal?.aborted
            ? "the cluster is stopping"
            : hasExited(started)
              ? `exited (${started.signalCode ?? `code ${started.exitCode}`}); last output:\n${recent.join("\n")}`
              : undefined,
      });
    },
    stop: async (graceMs = 10_000) => {
      const running = child;
      if (!running || hasExited(running)) {
        guard?.release();
        return;
      }
      const killer = setTimeout(() => running.kill("SIGKILL"), graceMs);
      await kill("SIGTERM");
      clearTimeout(killer);
      guard?.release();
    },
  };
}

async function ready(url: string): Promise<void> {
  const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  if (response.status !== 200) throw new Error(`/readyz answered ${response.status}`);
}
