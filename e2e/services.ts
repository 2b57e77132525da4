// The services the e2e run starts (see playwright.config.ts) and what the tests need to know about them:
// where they listen, the keys they accept, and where each writes its request log.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Base port; each spec run may set E2E_PORT to run beside another. The dia-wire service is on +1. */
export const PORT = Number(process.env.E2E_PORT ?? 4391);
export const DIA_PORT = PORT + 1;
export const DATA_ROOT = process.env.E2E_DATA_ROOT ?? ".e2e-data";
export const DASHBOARD_DIR = process.env.E2E_DASHBOARD_DIR ?? "dist/app";
/** The client keys the run's tests have taken, a file each (fixtures.ts). */
export const CLIENT_KEYS_DIR = join(DATA_ROOT, "client-keys");

/** The write key both services accept for supply posts. */
export const WRITE_KEY = "e2e-write-key-not-secret";

/**
 * Client keys, each with the default limit of 5 a minute. Each test takes its own, so the tests never
 * spend each other's budget and each can count its own requests in the service's log.
 */
export const CLIENT_KEYS = Array.from({ length: 300 }, (_, i) => `e2e-client-${String(i).padStart(3, "0")}`);
export const API_KEYS_SETTING = CLIENT_KEYS.map((key) => `${key}:5`).join(",");

export function dataDir(port: number): string {
  return join(DATA_ROOT, String(port));
}

export function serviceUrl(port: number): string {
  return `http://localhost:${port}`;
}

export interface LoggedRequest {
  /** When the line was written: a stream's when it ended. */
  time: string;
  durationMs: number;
  client: string;
  method: string;
  path: string;
  status: number;
}

/** The live stream's requests: opening one (a request under the limit, logged when it ends) and changing it. */
export function isStreamRequest(request: Pick<LoggedRequest, "path">): boolean {
  return (
    request.path === "/v1/stream" ||
    request.path.startsWith("/v1/stream?") ||
    request.path.startsWith("/v1/stream/")
  );
}

/** The requests the fair-usage limit counts: all but changes of a stream's subjects, which have their own. */
export function limitedRequests(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((r) => !(r.method === "PUT" && r.path.startsWith("/v1/stream/")));
}

/** The request log's name for a client key (the service logs a fingerprint, never the key). */
export function clientName(key: string): string {
  return `key:${createHash("sha256").update(key, "utf8").digest("hex").slice(0, 8)}`;
}

/**
 * Every request the service at `port` logged for `key`, oldest first: the pages' data requests, or with
 * `streams` the live stream's too.
 */
export function requestsOf(port: number, key: string, { streams = false } = {}): LoggedRequest[] {
  let text = "";
  try {
    text = readFileSync(join(dataDir(port), "requests.log"), "utf8");
  } catch {
    return [];
  }
  const client = clientName(key);
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LoggedRequest)
    .filter((entry) => entry.client === client && entry.path.startsWith("/v1/"))
    .filter((entry) => streams || !isStreamRequest(entry));
}

/** The most requests any 60-second window of `requests` holds, each at its start (a stream's too). */
export function busiestMinute(requests: readonly LoggedRequest[]): number {
  const times = requests.map((r) => Date.parse(r.time) - r.durationMs).sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while ((times[to] as number) - (times[from] as number) >= 60_000) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

/**
 * The shell command starting one e2e service; exec so stopping the web server stops the service. The first
 * (seed wire) seeds the market's history; the second starts on a copy of it (copy-store.ts), Playwright
 * starting it once the first answers.
 */
export function serviceCommand(port: number, wire: "seed" | "dia", copyFrom?: number): string {
  const dir = dataDir(port);
  // A new run hands out client keys from the first again (see fixtures.ts).
  const fresh = copyFrom === undefined ? `rm -rf ${dir} ${CLIENT_KEYS_DIR}` : `rm -rf ${dir}`;
  const copy =
    copyFrom === undefined ? "" : ` && node --import tsx e2e/copy-store.ts ${dataDir(copyFrom)} ${dir}`;
  return `${fresh}${copy} && exec node --import tsx src/service/main.ts --market simulator --port ${port} --data-dir ${dir} --history-days 2 --wire ${wire} --dashboard-dir ${DASHBOARD_DIR}`;
}
