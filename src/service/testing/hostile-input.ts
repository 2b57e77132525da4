// The hostile-input fuzz run, shared by the test in `npm test` (a couple of thousand requests) and
// `npm run fuzz` (a long run): generated requests go to the real service over real sockets, alone on a
// connection or several on one (one after another, kept alive, or pipelined in one write; with and without
// `Expect: 100-continue`, some clients holding the body back for it), each carrying the X-Request-Id it is
// known by, and every connection's answers and the request log must keep the rules of hostile-answer-rules.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { readRequestLog } from "../ops/request-log.ts";
import { exchangeOnConnection, replayConnection } from "./connection-exchange.ts";
import {
  type Answered,
  asksToContinue,
  checkConnection,
  checkLog,
  halfClosed,
  ID_HEADER,
  idOf,
} from "./hostile-answer-rules.ts";
import { type HostileConnection, hostileConnection } from "./hostile-connections.ts";
import { type HostileRequest, requestBytes } from "./hostile-request-bytes.ts";
import { FUZZ_SERVICE_FLAGS } from "./hostile-requests.ts";
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
  /** How many connections of each pattern were used. */
  connections: Record<string, number>;
  /** How many interim "100 Continue" answers came (each before the final answer of its request). */
  continues: number;
}

/** The request with the X-Request-Id it is known by (any it had of its own is dropped). */
function withId(request: HostileRequest, id: string): HostileRequest {
  const headers = request.headers.filter(([name]) => name.toLowerCase() !== ID_HEADER);
  return { ...request, headers: [["X-Request-Id", id], ...headers] };
}

/** Where the body starts when the client holds it back for 100 Continue; null when it does not. */
function heldBodyAt(request: HostileRequest, bytes: Buffer, hold: boolean): number | null {
  if (!hold || !asksToContinue(request) || request.mangle !== "none") return null;
  const headEnd = bytes.indexOf("\r\n\r\n");
  return headEnd === -1 || headEnd + 4 >= bytes.length ? null : headEnd + 4;
}

interface Tally {
  statuses: Record<string, number>;
  connections: Record<string, number>;
  continues: number;
}

async function fuzzRound(dataDir: string, seed: number, runs: number, tally: Tally): Promise<void> {
  rmSync(join(dataDir, "requests.log"), { force: true });
  const service = await startTestService(FUZZ_SERVICE_FLAGS, { dataDir });
  const answered: Answered[] = [];
  const unanswered = new Map<string, number>();
  let sent = 0;
  let connection = 0;
  try {
    await fc.assert(
      // Each connection takes requests from the round's budget; once it is spent the runs left do nothing.
      fc.asyncProperty(hostileConnection, async (generated: HostileConnection) => {
        const take = Math.min(generated.requests.length, runs - sent);
        if (take <= 0) return;
        const index = connection++;
        const requests = generated.requests
          .slice(0, take)
          .map((request, i) => withId(request, `fuzz-${seed}-${index}-${i}`));
        sent += take;
        if (requests.some((request) => request.advanceClock)) service.wallClock.advance(61_000);
        const bytes = requests.map((request) => requestBytes(request, service.port));
        const halfClose = halfClosed(requests.at(-1));
        const exchange = await exchangeOnConnection(service.port, {
          pattern: generated.pattern,
          requests: bytes,
          heldBodyAt: requests.map((request, i) =>
            heldBodyAt(request, bytes[i] as Buffer, generated.holdBody[i] ?? false),
          ),
          // A request cut short may be refused before its method was read: then the refusal has a body.
          bodiless: (i) => {
            const request = requests[i];
            if (request?.method !== "HEAD") return false;
            return request.mangle === "cut-short" ? "either" : true;
          },
          halfClose,
        });
        const replay = replayConnection(service.port, generated.pattern, bytes, halfClose);
        const problem = checkConnection(requests, exchange);
        if (problem) {
          throw new Error(
            `${generated.pattern}, ${requests.length} request(s): ${problem}\n` +
              `requests: ${JSON.stringify(requests.map((r) => `${r.method} ${r.target}`))}\nreplay: ${replay}`,
          );
        }
        tally.connections[generated.pattern] = (tally.connections[generated.pattern] ?? 0) + 1;
        for (const [i, answer] of exchange.read.answers.entries()) {
          const request = requests[i] as HostileRequest;
          answered.push({
            id: answer.headers.get(ID_HEADER) ?? "",
            status: answer.status,
            method: request.method,
            connection: index,
            replay,
          });
          tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
          tally.continues += answer.interims.length;
        }
        for (const request of requests.slice(exchange.read.answers.length))
          unanswered.set(idOf(request), index);
      }),
      { seed, numRuns: runs, endOnFailure: true, includeErrorInReport: true },
    );
  } finally {
    // Closing flushes the log's batched lines.
    await service.close();
  }
  const problem = checkLog(await readRequestLog(join(dataDir, "requests.log")), answered, unanswered);
  if (problem) throw new Error(`the request log does not match the answers: ${problem}`);
}

/** Runs `count` hostile requests against the service; throws with the seed and a replay on the first failure. */
export async function fuzzService(options: FuzzOptions): Promise<FuzzReport> {
  const { count, seed, roundSize = 2_000, say = () => {} } = options;
  const started = performance.now();
  const tally: Tally = { statuses: {}, connections: {}, continues: 0 };
  const dataDir = mkdtempSync(join(tmpdir(), "market-fuzz-"));
  try {
    for (let round = 0, done = 0; done < count; round++) {
      const runs = Math.min(roundSize, count - done);
      try {
        await fuzzRound(dataDir, seed + round, runs, tally);
      } catch (error) {
        const rerun = `npm run fuzz -- --seed ${seed} --count ${count}`;
        throw new Error(
          `hostile input: round ${round + 1} (requests ${done + 1}–${done + runs}, fast-check seed ${seed + round}) ` +
            `failed; run again with: ${rerun}\n${(error as Error).message}`,
        );
      }
      done += runs;
      say(
        `${done}/${count} requests, ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(tally.statuses)}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { requests: count, seconds: (performance.now() - started) / 1000, ...tally };
}
