// The HTTP servers a process listens with: the API's (pipeline.ts, parser-refusals.ts), or, for ROLE=ingest,
// one that serves only its health and metrics.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { AccessList } from "../access/access-list.ts";
import type { FairUsageWindow } from "../access/fair-usage.ts";
import type { Role } from "../config/cluster.ts";
import type { ServiceMetrics } from "../ops/metrics.ts";
import { registerMetrics } from "../ops/metrics-route.ts";
import { createHttpApp, type Health, type HttpDeps } from "./app.ts";
import { ServiceRequest, type ServiceResponse } from "./exchange.ts";
import { registerHealth } from "./health.ts";
import { refuseClientError, refuseConnect } from "./parser-refusals.ts";
import { Connections, requestPipeline } from "./pipeline.ts";

/**
 * Node's keep-alive must outlast the balancer's idle connections (HAProxy's http-keep-alive, an ALB's 60 s):
 * otherwise Node closes a connection just as the balancer reuses it, and the client gets a 502.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The node:http server a role listens with, with no handler yet: the API's (ROLE all and api) or the health
 * server's (ROLE=ingest). Made early when the process must listen while it waits for the ingest lock.
 */
export function roleServer(role: Role): Server<typeof ServiceRequest> {
  if (role === "ingest")
    return createServer({ IncomingMessage: ServiceRequest, keepAliveTimeout: KEEP_ALIVE_MS });
  // An HTTP/1.0 request may come without Host; HTTP/1.1 without one is refused by the pipeline with the
  // error record, where Node's own check (requireHostHeader) would send a bare 400.
  const api = createServer({
    IncomingMessage: ServiceRequest,
    requireHostHeader: false,
    keepAliveTimeout: KEEP_ALIVE_MS,
  });
  // A client may half-close after a complete request and still wait for the response (RFC 9112 §9.6); by
  // default Node then ends the connection first. This undocumented, long-standing switch keeps it open.
  (api as typeof api & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return api;
}

/** What admission needs beside the app's parts: the access list and the rate-limit window. */
export interface AdmissionDeps {
  accessList: AccessList;
  limiter: FairUsageWindow;
}

/** The API on `api` (a new server of its own unless one is listening already, see `respondWhileWaiting`). */
export function apiServer(
  deps: HttpDeps,
  admission: AdmissionDeps,
  api = roleServer("all"),
): Server<typeof ServiceRequest> {
  const connections = new Connections();
  const route = getRequestListener(createHttpApp(deps).fetch, { hostname: "localhost" });
  const handle = requestPipeline({
    ...admission,
    writer: deps.writer,
    cache: deps.cache,
    connections,
    route,
  });
  const refusals = { writer: deps.writer, connections };
  api.on("request", handle);
  api.on("clientError", (error, socket) => refuseClientError(refusals, error, socket));
  api.on("connect", (req, socket) => refuseConnect(refusals, req, socket));
  // An Expect other than 100-continue is ignored (RFC 9110 allows it) rather than refused by Node's bare 417.
  api.on("checkExpectation", handle);
  api.on("checkContinue", (req, res) => {
    continueWhenBodyIsRead(req, res);
    handle(req, res);
  });
  return api;
}

/**
 * Writes the interim "100 Continue" of an `Expect: 100-continue` request when its body is first read, once
 * its response owns the connection and only while that response has written nothing of its own. Node's
 * default writes it at once: a pipelined response could then get the 100 between its head and body, and a
 * request refused on its head would have been promised that its body is read. Unread, Node closes the
 * connection after the response instead.
 */
function continueWhenBodyIsRead(req: IncomingMessage, res: ServiceResponse): void {
  let offered = false;
  const offer = () => {
    if (offered) return;
    offered = true;
    req.off("resume", offer);
    req.off("newListener", onListener);
    const write = () => {
      if (!res.headersSent && !res.writableEnded && !res.destroyed) res.writeContinue();
    };
    if (res.socket) write();
    else res.once("socket", write);
  };
  // A body is read in flowing mode ('data', resume(): Hono's node adapter) or paused mode ('readable').
  const onListener = (event: string | symbol) => {
    if (event === "data" || event === "readable") offer();
  };
  req.on("resume", offer);
  req.on("newListener", onListener);
}

/** ROLE=ingest serves only a balancer's or supervisor's checks (/healthz, /readyz) and Prometheus. */
export function healthServer(health: Health, metrics: ServiceMetrics, server = roleServer("ingest")): Server {
  const app = new Hono();
  registerHealth(app, health.checks, health.shuttingDown);
  registerMetrics(app, metrics);
  return server.on("request", getRequestListener(app.fetch));
}

/** A process waiting to take over, responding meanwhile; `takeOver` hands its server to the real routes. */
export interface WaitingServer {
  server: Server;
  /** Stops the waiting responses: call it in the same tick as the real listener is attached to `server`. */
  takeOver(): void;
}

/**
 * Responds on `server` while another process holds the ingest lock: alive on /healthz, not ready on /readyz
 * (`why()`), metrics on /metrics, anything else 503. A supervisor then sees a process alive and waiting,
 * where a refused connection would have it restarted in a loop.
 */
export function respondWhileWaiting(
  server: Server,
  why: () => string,
  metrics: ServiceMetrics,
): WaitingServer {
  const app = new Hono();
  registerHealth(app, { "ingest-lock": async () => why() }, () => false);
  registerMetrics(app, metrics);
  app.all("*", (c) => {
    c.header("Retry-After", "10");
    c.header("Cache-Control", "no-store");
    return c.json({ errorcode: 503, errormessage: `not serving yet: ${why()}` }, 503);
  });
  const listener = getRequestListener(app.fetch);
  server.on("request", listener);
  return { server, takeOver: () => server.off("request", listener) };
}
