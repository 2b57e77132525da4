// How bench:service (service.bench.ts) measures HTTP: load from a separate process (load.mjs), an answer
// exactly as it travels, and the baseline, a bare node:http server sending the service's answer byte for byte.
import { execFile, execFileSync } from "node:child_process";
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";

/** What the clients of the HTTP figures send, as browsers do: compression is negotiated. */
const CLIENT_HEADERS = { "accept-encoding": "br, gzip" };

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytesPerAnswer: number;
  /** This process's CPU time (both servers live here, one loaded at a time) per answer, in µs. */
  cpuPerAnswer: number;
}

/** The CPU the load generator runs on once `pinCpus` has pinned this process to the first. */
let loadCpu: string | null = null;

/**
 * Pins this process (every thread of it: the servers, libuv's pool) to the first CPU, and the load to the
 * second, where taskset and two CPUs are at hand. Left to the scheduler, the two migrate across two cores and
 * the server's log-writing threads take turns with the load: the same server measured a fifth apart from
 * one round to the next. Says which was done, for the report.
 */
export function pinCpus(): string {
  if (availableParallelism() < 2) return "not pinned (one CPU)";
  try {
    execFileSync("taskset", ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  } catch {
    return "not pinned (no taskset)";
  }
  loadCpu = "1";
  return "servers pinned to CPU 0, the load to CPU 1 (taskset)";
}

/** Load from a child process; asynchronous, so this process's event loop keeps serving. */
export async function load(url: string, seconds: number): Promise<Load> {
  const args = ["bench/load.mjs", url, String(seconds), "16", JSON.stringify(CLIENT_HEADERS)];
  const before = process.cpuUsage();
  const { stdout } =
    loadCpu === null
      ? await promisify(execFile)(process.execPath, args, { encoding: "utf8" })
      : await promisify(execFile)("taskset", ["-c", loadCpu, process.execPath, ...args], {
          encoding: "utf8",
        });
  const used = process.cpuUsage(before);
  const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Omit<Load, "cpuPerAnswer">;
  const answers = result.requestsPerSecond * seconds;
  return { ...result, cpuPerAnswer: (used.user + used.system) / answers };
}

/** An answer of the service exactly as it travels: its status, its headers as sent and its body still coded. */
export function rawAnswer(
  url: string,
  requestHeaders: Record<string, string> = CLIENT_HEADERS,
): Promise<{ status: number; headers: [string, string][]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: requestHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers.push([res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string]);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

/** Headers node:http writes itself on every answer, so the bare server must not send them twice. */
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * A bare node:http server sending the service's answer to `path` byte for byte: the same headers (their
 * values as they were at that moment) and the same coded body, from memory, with nothing decided per request.
 */
export async function bareServer(
  serviceUrl: string,
  path: string,
): Promise<{ url: string; close: () => void; coding: string }> {
  await rawAnswer(serviceUrl + path); // the first asks for the coded copy; later ones are sent it as kept
  const { headers, body } = await rawAnswer(serviceUrl + path);
  const own = headers.filter(([name]) => !WRITTEN_BY_NODE.has(name.toLowerCase()));
  const server = createServer((_req, res) => {
    res.writeHead(200, own.flat());
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const coding = headers.find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "identity";
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}${path}`,
    close: () => server.close(),
    coding: `${coding}, ${body.length} B`,
  };
}
