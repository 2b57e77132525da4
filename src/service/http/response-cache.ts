// Answers to GET requests, kept until the market or the supply changes (the public service cached every
// GET for two minutes; this cache is emptied at every new block, supply post and fixing, so it never
// serves stale data). A cached answer is served straight from node:http, in front of the router: the
// fair-usage limit, CORS and the request log still apply, through the same functions the app uses.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AccessBook } from "../access/access-book.ts";
import type { Config } from "../config-settings.ts";
import type { AnsweredRequests } from "./answered-requests.ts";
import { clientAddress } from "./client-address.ts";
import { corsHeaderValues } from "./cors.ts";
import { errorBody } from "./errors.ts";
import type { FairUsageWindow } from "./fair-usage.ts";
import { type Admission, admit } from "./fair-usage-middleware.ts";
import { MARKET_SOURCE_HEADER } from "./market-source.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { JSON_TYPE } from "./respond.ts";

/** Bytes of answers kept at most; beyond it new answers are not kept until the next clear. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * A plain map with a byte budget rather than an LRU: it is emptied at every block (two minutes at most),
 * and its lookup sits on the hottest path of the service.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  get(pathAndQuery: string): Buffer | undefined {
    return this.entries.get(pathAndQuery);
  }

  /**
   * Counts the clears: an answer computed while the store changed under it (its reads are asynchronous)
   * is put with the generation it started in, and dropped if a clear came in between.
   */
  generation = 0;

  put(pathAndQuery: string, body: string, generation = this.generation): void {
    if (generation !== this.generation) return;
    const buffer = Buffer.from(body);
    if (this.bytes + buffer.length > MAX_BYTES || this.entries.has(pathAndQuery)) return;
    this.entries.set(pathAndQuery, buffer);
    this.bytes += buffer.length;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }
}

export interface FastPathDeps {
  config: Config;
  book: AccessBook;
  limiter: FairUsageWindow;
  cache: ResponseCache;
  answered: AnsweredRequests;
  now: () => number;
  /** The X-Market-Source header's value (market-source.ts). */
  marketSource: () => string;
}

/** Serves a GET the cache can answer and returns true; false leaves the request to the app. */
export function serveFromCache(deps: FastPathDeps, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" || req.url === undefined) return false;
  const body = deps.cache.get(req.url);
  if (body === undefined) return false;
  const started = performance.now();
  const apiKey = req.headers["x-api-key"];
  const address = clientAddress(deps.config.trustProxy, req);
  const admitted = admit(deps.book, deps.limiter, Array.isArray(apiKey) ? apiKey[0] : apiKey, address);
  if (admitted instanceof Promise) {
    // The shared window never rejects (it falls back to this replica's own); this guards the socket anyway.
    admitted.then(
      (admission) => answer(deps, req, res, body, admission, started),
      () => res.destroy(),
    );
  } else answer(deps, req, res, body, admitted, started);
  return true;
}

function answer(
  deps: FastPathDeps,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  admission: Admission,
  started: number,
): void {
  const headers = corsHeaderValues(deps.config.corsOrigins, req.headers.origin);
  for (const name in admission.headers) headers[name] = admission.headers[name] as string;
  let status = 200;
  let payload: Buffer | string = body;
  if (admission.refusal) {
    status = admission.refusal.status;
    payload = errorBody(status, admission.refusal.message);
    Object.assign(headers, admission.refusal.headers);
  }
  headers["Content-Type"] = JSON_TYPE;
  headers[MARKET_SOURCE_HEADER] = deps.marketSource();
  const requestId = requestIdOf(req.headers["x-request-id"]);
  headers[REQUEST_ID_HEADER] = requestId;
  const bytes = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
  headers["Content-Length"] = String(bytes);
  res.writeHead(status, headers);
  res.end(payload);
  deps.answered.record({
    timeMs: deps.now(),
    client: admission.client,
    method: "GET",
    path: req.url ?? "-",
    status,
    durationMs: performance.now() - started,
    bytes,
    requestId,
    fallback: admission.fallback,
    key: admission.key,
    refusal: admission.reason,
  });
}
