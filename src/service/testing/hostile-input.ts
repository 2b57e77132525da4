// The hostile-input fuzz run, shared by the test in `npm test` (a couple of thousand requests) and
// `npm run fuzz` (a long run): generated requests go to the real service over real sockets, one at a time,
// and every answer must keep the rules: never a 5xx; an answer that is not 2xx/3xx is the error record
// {"errorcode": status, "errormessage": "..."} with a status of the error table; CORS headers on every
// answer; exactly one answer per request; and a request-log line for each, in order.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { ERROR_STATUSES } from "../../interface/errors.ts";
import { readRequestLog } from "../ops/request-log.ts";
import { type HostileRequest, replayCommand, requestBytes } from "./hostile-request-bytes.ts";
import { FUZZ_SERVICE_FLAGS, hostileRequest } from "./hostile-requests.ts";
import { type RawExchange, sendRaw } from "./raw-http.ts";
import { startTestService } from "./test-service.ts";

export interface FuzzOptions {
  /** Requests in all. */
  count: number;
  /** fast-check's seed of the first round; round r runs with seed + r. */
  seed: number;
  /** Requests per service start (each round starts the service afresh on the same data directory). */
  roundSize?: number;
  /** Progress lines. */
  say?: (line: string) => void;
}

export interface FuzzReport {
  requests: number;
  seconds: number;
  /** How many answers had each status. */
  statuses: Record<string, number>;
}

/** What is wrong with the answers to one request, or null. */
export function checkExchange(request: HostileRequest, exchange: RawExchange): string | null {
  const { answers } = exchange;
  if (answers.length === 0) return `no answer (${exchange.problem ?? "the connection closed"})`;
  if (answers.length > 1)
    return `${answers.length} answers to one request: ${answers.map((a) => a.status).join(", ")}`;
  if (exchange.leftover.length > 0)
    return `a torn answer follows: ${exchange.leftover.toString("latin1").slice(0, 80)}`;
  const answer = answers[0] as RawExchange["answers"][number];
  const { status } = answer;
  if (status >= 500) return `a ${status} answer to bad input: ${answer.body.toString("utf8").slice(0, 300)}`;
  if (!answer.headers.has("access-control-allow-origin")) return `no CORS headers on the ${status} answer`;
  if (status < 400) return null;
  if (!(status in ERROR_STATUSES)) return `status ${status} is not in the error table`;
  if (!answer.headers.get("content-type")?.startsWith("application/json")) {
    return `the ${status} answer is ${answer.headers.get("content-type") ?? "without Content-Type"}, not JSON`;
  }
  if (request.method === "HEAD" && answer.body.length === 0) return null;
  let record: unknown;
  try {
    record = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return `the ${status} answer is not JSON: ${answer.body.toString("utf8").slice(0, 200)}`;
  }
  const { errorcode, errormessage, ...rest } = (record ?? {}) as Record<string, unknown>;
  if (errorcode !== status || typeof errormessage !== "string" || errormessage.trim() === "") {
    return `the ${status} answer is not the error record: ${JSON.stringify(record).slice(0, 300)}`;
  }
  if (Object.keys(rest).length > 0)
    return `the error record has more fields: ${Object.keys(rest).join(", ")}`;
  return null;
}

interface Sent {
  request: HostileRequest;
  status: number;
  port: number;
}

/** Each request has its line in the request log, in order, with its status (and method, where it was read). */
function checkLog(entries: { method: string; status: number; path: string }[], sent: Sent[]): string | null {
  for (let i = 0; i < Math.max(entries.length, sent.length); i++) {
    const entry = entries[i];
    const one = sent[i];
    const methodRead = entry?.method !== "-";
    if (entry && one && entry.status === one.status && (!methodRead || entry.method === one.request.method))
      continue;
    const what = one
      ? `request #${i + 1} (answered ${one.status}) has ${entry ? `the log line ${JSON.stringify(entry)}` : "no log line"}` +
        `\nreplay: ${replayCommand(one.request, one.port)}`
      : `log line #${i + 1} ${JSON.stringify(entry)} belongs to no request`;
    return `the request log does not match the answers: ${what}`;
  }
  return null;
}

async function fuzzRound(
  dataDir: string,
  seed: number,
  runs: number,
  statuses: Record<string, number>,
): Promise<void> {
  rmSync(join(dataDir, "requests.log"), { force: true });
  const service = await startTestService(FUZZ_SERVICE_FLAGS, { dataDir });
  const sent: Sent[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        if (request.advanceClock) service.wallClock.advance(61_000);
        const bytes = requestBytes(request, service.port);
        const exchange = await sendRaw(service.port, bytes, {
          // A request cut short may be refused before its method was read: then the refusal has a body.
          bodiless: request.method !== "HEAD" ? false : request.mangle === "cut-short" ? "either" : true,
          halfClose: request.mangle === "cut-short" || request.mangle === "half-closed",
        });
        const problem = checkExchange(request, exchange);
        if (problem) throw new Error(`${problem}\nreplay: ${replayCommand(request, service.port)}`);
        const status = (exchange.answers[0] as RawExchange["answers"][number]).status;
        sent.push({ request, status, port: service.port });
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
      { seed, numRuns: runs, includeErrorInReport: true },
    );
  } finally {
    // Closing flushes the log's batched lines.
    await service.close();
  }
  const problem = checkLog(await readRequestLog(join(dataDir, "requests.log")), sent);
  if (problem) throw new Error(problem);
}

/** Runs `count` hostile requests against the service; throws with the seed and a replay on the first failure. */
export async function fuzzService(options: FuzzOptions): Promise<FuzzReport> {
  const { count, seed, roundSize = 2_000, say = () => {} } = options;
  const started = performance.now();
  const statuses: Record<string, number> = {};
  const dataDir = mkdtempSync(join(tmpdir(), "market-fuzz-"));
  try {
    for (let round = 0, done = 0; done < count; round++) {
      const runs = Math.min(roundSize, count - done);
      try {
        await fuzzRound(dataDir, seed + round, runs, statuses);
      } catch (error) {
        const rerun = `npm run fuzz -- --seed ${seed} --count ${count}`;
        throw new Error(
          `hostile input: round ${round + 1} (requests ${done + 1}–${done + runs}, fast-check seed ${seed + round}) ` +
            `failed; run again with: ${rerun}\n${(error as Error).message}`,
        );
      }
      done += runs;
      say(
        `${done}/${count} requests, ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(statuses)}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { requests: count, seconds: (performance.now() - started) / 1000, statuses };
}
