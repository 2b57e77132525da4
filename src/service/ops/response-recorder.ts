// Every response, whichever step sent it, is recorded here once: a request-log line, the usage review's
// count, the metrics, and the key's last use. One place, so that no response goes uncounted.
import type { AccessList } from "../access/access-list.ts";
import type { StoredKey } from "../access/access-store.ts";
import type { RefusalReason } from "../access/admission.ts";
import type { UsageTally } from "../access/usage-tally.ts";
import type { RequestLog, RequestLogEntry } from "./request-log.ts";

export interface RecordedResponse {
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
  /** A stream's: the events it sent. */
  events?: number;
  /** Decided by this replica alone while Redis was unreachable. */
  fallback?: boolean;
  /** The key in force that the request presented. */
  key?: StoredKey | null;
  refusal?: RefusalReason | "admin-auth" | null;
}

/** What the metrics take of a response (ServiceMetrics, src/service/ops/metrics.ts). */
export interface ResponseMetrics {
  observeResponse(endpoint: string, method: string, status: number, seconds: number): void;
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

export class ResponseRecorder {
  constructor(
    private readonly log: RequestLog,
    private readonly usage: UsageTally | null = null,
    private readonly metrics: ResponseMetrics | null = null,
    private readonly accessList: AccessList | null = null,
  ) {}

  /**
   * The log line's fields, filled afresh for each response: RequestLog.append reads them at once and keeps
   * nothing, so no object is made per response.
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

  record(response: RecordedResponse): void {
    const line = this.line;
    line.time = isoTime(response.timeMs);
    line.client = response.client;
    line.method = response.method;
    line.path = response.path;
    line.status = response.status;
    line.durationMs = Math.round(response.durationMs * 1000) / 1000;
    line.bytes = response.bytes;
    if (response.fallback) line.limiter = "local";
    else delete line.limiter;
    if (response.events === undefined) delete line.events;
    else line.events = response.events;
    line.requestId = response.requestId;
    this.log.append(line);
    const endpoint = response.endpoint;
    // The review is of the API's clients: the dashboard's files, the operator's own requests and the
    // metrics scrapes are not what the fair-usage policy is about.
    if (response.path.startsWith("/v1/")) {
      this.usage?.add(response.client, endpoint, response.timeMs, response.status, response.bytes);
      // Only a stream's record has events: its duration and events are what its review adds.
      if (response.events !== undefined)
        this.usage?.addStream(
          response.client,
          response.timeMs,
          response.durationMs,
          response.events,
          response.bytes,
        );
    }
    if (this.metrics) {
      this.metrics.observeResponse(endpoint, response.method, response.status, response.durationMs / 1000);
      if (response.refusal) this.metrics.refused(response.refusal);
    }
    if (response.key) this.accessList?.noteUse(response.key, response.timeMs);
  }
}
