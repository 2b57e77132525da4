// The rules every answer to hostile input keeps: never a 5xx; an answer that is not 2xx/3xx is the error
// record {"errorcode": status, "errormessage": "..."} with a status of the error table; CORS headers on every
// answer. Every connection's bytes must be well framed HTTP/1.1 (read strictly, http-answers.ts): one final
// answer per request, in order (by the X-Request-Id each request carries and the service echoes), an interim
// 100 only before the final answer of a request that asked for one and whose body was read, a request that
// asked for one and got none answered `Connection: close`, and the connection closed by the service only
// where an answer said so. Every answer has its request-log line (matched by request id), connections in
// order. The fuzz run that sends the requests is hostile-input.ts.
import { ERROR_STATUSES } from "../../interface/errors.ts";
import type { ConnectionExchange } from "./connection-exchange.ts";
import type { HostileRequest } from "./hostile-request-bytes.ts";
import type { Answer } from "./http-answers.ts";

/** What is wrong with one final answer to a request, or null. */
function checkAnswer(request: HostileRequest, answer: Answer): string | null {
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
    return `the ${status} answer is not JSON: ${answer.body.toString("latin1").slice(0, 200)}`;
  }
  const { errorcode, errormessage, ...rest } = (record ?? {}) as Record<string, unknown>;
  if (errorcode !== status || typeof errormessage !== "string" || errormessage.trim() === "") {
    return `the ${status} answer is not the error record: ${JSON.stringify(record).slice(0, 300)}`;
  }
  if (Object.keys(rest).length > 0)
    return `the error record has more fields: ${Object.keys(rest).join(", ")}`;
  return null;
}

/** Node's own reading of Expect (RFC 9110 §10.1.1): only an HTTP/1.1 request asks for 100 Continue. */
const CONTINUE = /(?:^|\W)100-continue(?:$|\W)/i;
export function asksToContinue(request: HostileRequest): boolean {
  const expect = request.headers.filter(([name]) => name.toLowerCase() === "expect").map(([, v]) => v);
  return request.version === "HTTP/1.1" && expect.length > 0 && CONTINUE.test(expect.join(", "));
}

/** Refusals decided on the head alone: their body was never going to be read. */
const REFUSED_ON_THE_HEAD = new Set([401, 405, 429]);

export const ID_HEADER = "x-request-id";
export const idOf = (request: HostileRequest) =>
  request.headers.find(([name]) => name.toLowerCase() === ID_HEADER)?.[1] ?? "";

export const halfClosed = (request: HostileRequest | undefined) =>
  request?.mangle === "cut-short" || request?.mangle === "half-closed";

const preview = (bytes: Buffer) => JSON.stringify(bytes.subarray(0, 160).toString("latin1"));

/** What is wrong with the answers on one connection, or null. */
export function checkConnection(requests: HostileRequest[], exchange: ConnectionExchange): string | null {
  const { read, written } = exchange;
  const { answers } = read;
  if (read.problem) {
    return `answer #${answers.length + 1} is not well framed: ${read.problem}; the bytes: ${preview(read.rest)}`;
  }
  if (answers.length > written) return `${answers.length} answers to ${written} requests`;
  const sentIds = new Set(requests.map(idOf));
  for (const [i, answer] of answers.entries()) {
    const request = requests[i] as HostileRequest;
    const id = answer.headers.get(ID_HEADER);
    // A request the parser refused is answered with an id of the front door's own (none of the ids sent)
    // when its head could not be read: then it is the last answer, and it closes the connection.
    const refusedUnread =
      !sentIds.has(id ?? "") &&
      answer.closes &&
      i === answers.length - 1 &&
      answer.status >= 400 &&
      answer.status < 500;
    if (id !== idOf(request) && !refusedUnread) {
      return `answer #${i + 1} (${answer.status}) carries the request id ${id}, not ${idOf(request)}: an answer out of order or missing`;
    }
    const problem = checkAnswer(request, answer);
    if (problem) return `answer #${i + 1}: ${problem}`;
    const interims = answer.interims;
    if (interims.length > 1 || interims.some((status) => status !== 100)) {
      return `interim answers ${interims.join(", ")} before answer #${i + 1}`;
    }
    if (interims.length === 1) {
      if (!asksToContinue(request))
        return `a 100 Continue before answer #${i + 1}, whose request did not ask for one`;
      if (REFUSED_ON_THE_HEAD.has(answer.status)) {
        return `a 100 Continue before the ${answer.status} refusal #${i + 1}: its body was never going to be read`;
      }
    } else if (asksToContinue(request) && !answer.closes) {
      return (
        `answer #${i + 1} (${answer.status}) to a request that asked for 100 Continue came without one and ` +
        "keeps the connection: the client may or may not send the body it held back"
      );
    }
  }
  if (read.pendingInterims.length > 0 && answers.length >= written) {
    return `an interim ${read.pendingInterims.join(", ")} after the last answer`;
  }
  if (read.rest.length > 0 && (exchange.closedByServer || answers.length >= written)) {
    return `a torn or extra answer follows answer #${answers.length}: ${preview(read.rest)}`;
  }
  const last = answers.at(-1);
  if (last === undefined) return `no answer (${exchange.problem ?? "the connection closed"})`;
  // An answer may go out before its request's body is read (OPTIONS, a refusal on the head); a body whose
  // chunked framing then breaks leaves nothing after it that could be framed, and the answer cannot be
  // taken back: the connection closes after it (RFC 9112 §9.6 lets either side close at any time).
  const brokenBody = requests[answers.length - 1]?.framing === "broken-chunk";
  if (answers.length < written && !last.closes && !brokenBody) {
    return (
      `request #${answers.length + 1} got no answer (${exchange.problem ?? "the connection closed"}), ` +
      `though answer #${answers.length} did not say Connection: close`
    );
  }
  if (last.closes && !exchange.closedByServer) {
    return `answer #${answers.length} said Connection: close, but the connection stayed open`;
  }
  if (!last.closes && exchange.closedByServer && !halfClosed(requests[written - 1]) && !brokenBody) {
    return `the connection was closed after answer #${answers.length}, which did not say Connection: close`;
  }
  return null;
}

export interface Answered {
  id: string;
  status: number;
  method: string;
  /** Which connection of the round. */
  connection: number;
  replay: string;
}

/**
 * Each answer has exactly one request-log line (its id), with its status and method (where the method was
 * read); lines of one connection come after the lines of the connections before it. A request that was
 * sent but not answered (the connection closed first) may have a line, at any place: it may have been
 * served after the client had gone.
 */
export function checkLog(
  entries: { method: string; status: number; path: string; requestId?: string | undefined }[],
  answered: Answered[],
  unanswered: Map<string, number>,
): string | null {
  const byId = new Map(answered.map((a) => [a.id, a]));
  const seen = new Set<string>();
  let connection = 0;
  for (const entry of entries) {
    const answer = byId.get(entry.requestId ?? "");
    if (!answer) {
      // Served after its connection closed (the client had gone): logged whenever it was done.
      if (unanswered.has(entry.requestId ?? "")) continue;
      return `the log line ${JSON.stringify(entry)} belongs to no request`;
    }
    if (answer.connection < connection) {
      return `the log line ${JSON.stringify(entry)} of connection #${answer.connection + 1} comes after a line of connection #${connection + 1}`;
    }
    connection = answer.connection;
    if (seen.has(answer.id)) return `two log lines for the request ${answer.id}\nreplay: ${answer.replay}`;
    seen.add(answer.id);
    if (entry.status !== answer.status || (entry.method !== "-" && entry.method !== answer.method)) {
      return `the request ${answer.id} was answered ${answer.method} ${answer.status}, and logged ${JSON.stringify(entry)}\nreplay: ${answer.replay}`;
    }
  }
  const missing = answered.find((a) => !seen.has(a.id));
  return missing
    ? `no log line for the request ${missing.id} (answered ${missing.status})\nreplay: ${missing.replay}`
    : null;
}
