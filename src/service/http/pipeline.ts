// The way in: every request the API server parses passes these steps, in this order, each written here once.
//   1. the exchange: the request head (method, target, Origin, request id) and when it started
//   2. the request target and Host header checks (400)
//   3. admission of /v1 requests: the client, its key, the operator's address rules, the fair-usage window
//      (401, 403, 429)
//   4. the response cache: a GET or HEAD it holds is sent from here
//   5. the route: the Hono app (app.ts) validates, responds, and sends through the writer middleware
// Every response leaves through the one writer (response-writer.ts). What Node's parser refuses and CONNECT
// never become requests: parser-refusals.ts refuses them, through the same writer.
import type { Duplex } from "node:stream";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../../interface/extension-endpoints.ts";
import type { AccessList } from "../access/access-list.ts";
import { type Admission, admit, identify } from "../access/admission.ts";
import type { FairUsageWindow } from "../access/fair-usage.ts";
import type { Exchange, ServiceRequest, ServiceResponse } from "./exchange.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { requestTargetProblem } from "./request-target.ts";
import type { ResponseCache } from "./response-cache.ts";
import type { ResponseWriter } from "./response-writer.ts";

/** The last response begun on each connection: a refusal of what follows it waits for it (parser-refusals.ts). */
export class Connections {
  private readonly latest = new WeakMap<Duplex, ServiceResponse>();
  private readonly closing = new WeakSet<Duplex>();

  begin(req: ServiceRequest, res: ServiceResponse): void {
    // The request's socket: a response queued behind another on its connection has none yet.
    this.latest.set(req.socket, res);
  }

  latestOn(socket: Duplex): ServiceResponse | undefined {
    return this.latest.get(socket);
  }

  /** True the first time a connection is refused by the parser: it gets one response, then closes. */
  refuseOnce(socket: Duplex): boolean {
    if (this.closing.has(socket)) return false;
    this.closing.add(socket);
    return true;
  }
}

export interface PipelineDeps {
  writer: ResponseWriter;
  accessList: AccessList;
  limiter: FairUsageWindow;
  cache: ResponseCache;
  connections: Connections;
  /** The route step: the Hono app's node:http listener. */
  route: (req: ServiceRequest, res: ServiceResponse) => unknown;
}

const REQUEST_ID = REQUEST_ID_HEADER.toLowerCase();

/**
 * The API server's 'request' listener. The steps are plain functions, not closures made per request: under
 * tsx every closure made is also named, which showed in the cache step's CPU profile.
 */
export function requestPipeline(deps: PipelineDeps): (req: ServiceRequest, res: ServiceResponse) => void {
  return (req, res) => {
    deps.connections.begin(req, res);
    const exchange = begin(deps, req);
    const problem = requestTargetProblem(req);
    if (problem !== null) {
      deps.writer.sendError(res, exchange, 400, problem);
      return;
    }
    if (!needsAdmission(exchange.head.method, req.url as string)) {
      serve(deps, req, res, exchange);
      return;
    }
    const header = req.headers["x-api-key"];
    const apiKey = Array.isArray(header) ? header[0] : header;
    const admitted = hasOwnLimit(exchange.head.method, exchange.head.path)
      ? identify(deps.accessList, apiKey, exchange.client)
      : admit(deps.accessList, deps.limiter, apiKey, exchange.client);
    // The shared window never rejects (it falls back to this replica's own); this guards the socket anyway.
    if (admitted instanceof Promise) {
      admitted.then(
        (admission) => afterAdmission(deps, req, res, exchange, admission),
        () => res.destroy(),
      );
    } else afterAdmission(deps, req, res, exchange, admitted);
  };
}

/** Step 1: the request head, built once for every later step, the writer and the request log. */
function begin(deps: PipelineDeps, req: ServiceRequest): Exchange {
  const url = req.url ?? "-";
  const exchange: Exchange = {
    head: {
      method: req.method ?? "-",
      // An absolute-form target (as sent to a proxy) is logged and cached by its path.
      path: url.startsWith("/") || !URL.canParse(url) ? url : pathAndQuery(url),
      origin: req.headers.origin,
      requestId: requestIdOf(req.headers[REQUEST_ID]),
    },
    started: performance.now(),
    client: deps.writer.clientAddress(req),
    admission: null,
    refused: false,
  };
  req.exchange = exchange;
  return exchange;
}

const [SUBJECTS_START, SUBJECTS_END] = LIVE_ENDPOINTS.streamSubjects.path.split("{stream}") as [
  string,
  string,
];

/**
 * A change of an open stream's subjects: a limit of its own (routes/stream.ts), so that a person
 * navigating spends none of the window's requests on it; the key and address rules still apply.
 */
function hasOwnLimit(method: string, path: string): boolean {
  return method === "PUT" && path.startsWith(SUBJECTS_START) && path.endsWith(SUBJECTS_END);
}

/** Step 3's scope: market data requests; a preflight and the API's own description are not. */
function needsAdmission(method: string, url: string): boolean {
  return url.startsWith("/v1/") && method !== "OPTIONS" && !url.startsWith(SERVICE_PATHS.openApi);
}

function afterAdmission(
  deps: PipelineDeps,
  req: ServiceRequest,
  res: ServiceResponse,
  exchange: Exchange,
  admission: Admission,
): void {
  exchange.admission = admission;
  // The parser refused this request's body while it was being admitted: its refusal is the response.
  if (exchange.refused) return;
  const { refusal } = admission;
  if (refusal !== null) {
    const own = { ...admission.headers, ...refusal.headers };
    deps.writer.sendError(res, exchange, refusal.status, refusal.message, own);
    return;
  }
  serve(deps, req, res, exchange);
}

/** Steps 4 and 5: the response cache, else the route. */
function serve(deps: PipelineDeps, req: ServiceRequest, res: ServiceResponse, exchange: Exchange): void {
  const { method } = exchange.head;
  if (method === "GET" || method === "HEAD") {
    const cached = deps.cache.get(exchange.head.path);
    if (cached !== undefined) {
      deps.writer.sendCached(req, res, exchange, cached);
      return;
    }
  }
  void deps.route(req, res);
}

/** The path with its query of an absolute URL (cheaper than parsing a URL per request). */
export function pathAndQuery(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}
