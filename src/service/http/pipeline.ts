// The cached-answer fast path: a GET the response cache can answer is admitted and sent straight from
// node:http, in front of the router, through the edge like every other answer. Measured, it matters: the
// router, Hono's context and a web Response per request cost a cached quotation about a third of its
// throughput (bench:service).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AccessBook } from "../access/access-book.ts";
import { type Admission, admit } from "../access/admission.ts";
import { clientAddress } from "../access/client-address.ts";
import type { FairUsageWindow } from "../access/fair-usage.ts";
import { type Edge, type RequestHead, refusedByFrontDoor } from "./edge.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import type { CachedAnswer, ResponseCache } from "./response-cache.ts";

export interface FastPathDeps {
  edge: Edge;
  book: AccessBook;
  limiter: FairUsageWindow;
  cache: ResponseCache;
  trustProxy: readonly string[];
}

const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

/** Serves a GET or HEAD the cache can answer and returns true; false leaves the request to the app. */
export function serveFromCache(deps: FastPathDeps, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined) return false;
  const answer = deps.cache.get(req.url);
  if (answer === undefined) return false;
  const started = performance.now();
  const apiKey = req.headers["x-api-key"];
  const address = clientAddress(deps.trustProxy, req);
  const head: RequestHead = {
    method: req.method,
    path: req.url,
    origin: req.headers.origin,
    requestId: requestIdOf(req.headers[REQUEST_ID]),
  };
  const admitted = admit(deps.book, deps.limiter, Array.isArray(apiKey) ? apiKey[0] : apiKey, address);
  // The shared window never rejects (it falls back to this replica's own); this guards the socket anyway.
  if (admitted instanceof Promise) {
    admitted.then(
      (admission) => send(deps, req, res, head, answer, admission, started),
      () => res.destroy(),
    );
  } else send(deps, req, res, head, answer, admitted, started);
  return true;
}

/**
 * The admitted request's answer or its refusal. A function of its own rather than a closure made per
 * request: under tsx (how the service runs) every closure made is also named, an Object.defineProperty
 * per request. Measured with the front door called on fake sockets (no syscalls), a cached /v1/coins in br:
 * esbuild's __name was 11 % of the CPU profile's samples with the closure here and the one in
 * Edge.sendCached; without them the time above a bare writeHead + end of the same bytes fell from a median
 * of 14.5 µs to 9.7-11.1 µs (two shared cores under load; the real bench:service figures are in BENCHMARKS.md).
 */
function send(
  deps: FastPathDeps,
  req: IncomingMessage,
  res: ServerResponse,
  head: RequestHead,
  answer: CachedAnswer,
  admission: Admission,
  started: number,
): void {
  // The front door answered (and recorded) this request itself while it was being admitted: its body broke
  // the parser. Nobody to answer here, as in the app (edge.ts).
  if (refusedByFrontDoor.has(req)) return;
  const refusal = admission.refusal;
  if (refusal === null) {
    deps.edge.sendCached(req, res, head, answer, admission, started);
    return;
  }
  const own = { ...admission.headers, ...refusal.headers };
  const { headers, body } = deps.edge.errorAnswer(head, refusal.status, refusal.message, own);
  res.writeHead(refusal.status, headers);
  res.end(head.method === "HEAD" ? undefined : body);
  deps.edge.record(head, refusal.status, Buffer.byteLength(body), admission, started);
}
