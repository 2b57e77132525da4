// Every answer the service gives, wherever it was given (the app, the cached-answer fast path, the front
// door's refusals), is recorded here once: a request-log line, the usage review's count, the metrics, and
// the key's last use. One place, so that no path can answer without being counted.
import type { AccessBook } from "../access/access-book.ts";
import type { StoredKey } from "../access/access-store.ts";
import type { RefusalReason } from "../access/admission.ts";
import type { UsageTally } from "../access/usage-tally.ts";
import type { RequestLog, RequestLogEntry } from "./request-log.ts";

export interface Answer {
  /** When the request arrived, in ms since the epoch. */
  timeMs: number;
  /** What the usage review and the metrics count it under: "GET /v1/coins", "admin", "dashboard"... */
  endpoint: string;
  client: string;
  method: string;
  /** The path with its query, as the client sent it. */
  path: string;
  status: number;
  durationMs: number;
  bytes: number;
  requestId: string;
  /** Decided by this replica alone while Redis was unreachable. */
  fallback?: boolean;
  /** The key in force that the request presented. */
  key?: StoredKey | null;
  refusal?: RefusalReason | "admin-auth" | null;
}

/** What the metrics take of an answer (ServiceMetrics, src/service/ops/metrics.ts). */
export interface AnswerMetrics {
  observeAnswer(endpoint: string, method: string, status: number, seconds: number): void;
  refused(reason: RefusalReason | "admin-auth"): void;
}

let isoMs = Number.NaN;
let isoText = "";

/** RFC 3339 text of a time, reused while the millisecond is the same (thousands of requests a second). */
function isoTime(ms: number): string {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

export class AnsweredRequests {
  constructor(
    private readonly log: RequestLog,
    private readonly usage: UsageTally | null = null,
    private readonly metrics: AnswerMetrics | null = null,
    private readonly book: AccessBook | null = null,
  ) {}

  /**
   * The log line's fields, filled afresh for each answer: RequestLog.append reads them at once and keeps
   * nothing, and an object less per answer is measurably less garbage on the fast path.
   */
  private readonly line: RequestLogEntry = {
    time: "",
    client: "",
    method: "",
    path: "",
    status: 0,
    durationMs: 0,
    bytes: 0,
    requestId: "",
  };

  record(answer: Answer): void {
    const line = this.line;
    line.time = isoTime(answer.timeMs);
    line.client = answer.client;
    line.method = answer.method;
    line.path = answer.path;
    line.status = answer.status;
    line.durationMs = Math.round(answer.durationMs * 1000) / 1000;
    line.bytes = answer.bytes;
    if (answer.fallback) line.limiter = "local";
    else delete line.limiter;
    line.requestId = answer.requestId;
    this.log.append(line);
    const endpoint = answer.endpoint;
    // The review is of the API's clients: the dashboard's files, the operator's own requests and the
    // metrics scrapes are not what the fair-usage policy is about.
    if (answer.path.startsWith("/v1/"))
      this.usage?.add(answer.client, endpoint, answer.timeMs, answer.status, answer.bytes);
    if (this.metrics) {
      this.metrics.observeAnswer(endpoint, answer.method, answer.status, answer.durationMs / 1000);
      if (answer.refusal) this.metrics.refused(answer.refusal);
    }
    if (answer.key) this.book?.noteUse(answer.key, answer.timeMs);
  }
}
