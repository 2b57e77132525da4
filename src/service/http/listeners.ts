// The HTTP servers a process listens with: the API's (the front door, the cached-answer fast path, then the
// app), or, for ROLE=ingest, one that answers only its health and its metrics.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { Role } from "../config/cluster.ts";
import type { ServiceMetrics } from "../ops/metrics.ts";
import { registerMetrics } from "../ops/metrics-route.ts";
import { createHttpApp, type Health, type HttpDeps } from "./app.ts";
import type { FastPathDeps } from "./fast-path.ts";
import { answerConnect, answerRefusedRequest, frontDoor } from "./front-door.ts";
import { registerHealth } from "./health.ts";

/**
 * Node's keep-alive must outlast the balancer's idle connections (HAProxy's http-keep-alive, an ALB's 60 s):
 * otherwise Node closes a connection just as the balancer reuses it, and the client gets a 502.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The node:http server a role listens with, answering nothing yet: the API's (ROLE all and api) or the
 * health server's (ROLE=ingest). Made before the process can answer when it must listen while it waits.
 */
export function roleServer(role: Role): Server {
  if (role === "ingest") return createServer({ keepAliveTimeout: KEEP_ALIVE_MS });
  // An HTTP/1.0 request may come without Host; HTTP/1.1 without one is refused by the front door, which
  // answers the error record where Node's own check (requireHostHeader) would answer a bare 400.
  const api = createServer({ requireHostHeader: false, keepAliveTimeout: KEEP_ALIVE_MS });
  // A client may close its sending side after a complete request and still wait for the answer (RFC 9112
  // §9.6); by default Node then ends the connection, and an answer not yet written is lost. With this
  // (undocumented but long-standing) switch the answer under way is written first.
  (api as typeof api & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return api;
}

/** The API on `api` (a new server of its own unless one is listening already, see `answerWhileWaiting`). */
export function apiServer(deps: HttpDeps, fastPath: FastPathDeps, api = roleServer("all")): Server {
  const app = createHttpApp(deps);
  const handle = frontDoor(fastPath, getRequestListener(app.fetch, { hostname: "localhost" }));
  api.on("request", handle);
  api.on("clientError", (error, socket) => answerRefusedRequest(fastPath, error, socket));
  api.on("connect", (req, socket) => answerConnect(fastPath, req, socket));
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
 * its response owns the connection and only while that response has written nothing of its own.
 *
 * Without a 'checkContinue' listener Node writes the interim as soon as the head is parsed. A response
 * queued behind the previous answer on the connection (pipelined, or simply quick) does not own the socket
 * yet, so the interim is buffered; when its final head is stored later with a body given as bytes, Node
 * puts the head in front of that buffer, and the 100 lands between the final answer's head and its body.
 * Node also promised the body would be read even when the request is then refused on its head (a bad key,
 * the limit, the method): RFC 9110 §10.1.1 says the interim means "send it". A request answered without
 * having read its body gets no interim, and Node then answers it `Connection: close` (ServerResponse's
 * writeHead: `_expect_continue` without `_sent100`): the client may or may not send the body it held
 * back, so nothing after it on the connection could be framed.
 */
function continueWhenBodyIsRead(req: IncomingMessage, res: ServerResponse): void {
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

/** ROLE=ingest answers only a balancer's or supervisor's questions (/healthz, /readyz) and Prometheus's. */
export function healthServer(health: Health, metrics: ServiceMetrics, server = roleServer("ingest")): Server {
  const app = new Hono();
  registerHealth(app, health.checks, health.shuttingDown);
  registerMetrics(app, metrics);
  return server.on("request", getRequestListener(app.fetch));
}

/** A process that waits to take over, answering meanwhile; `takeOver` hands its server to the real answers. */
export interface WaitingServer {
  server: Server;
  /** Stops the waiting answers: call it in the same tick as the real listener is attached to `server`. */
  takeOver(): void;
}

/**
 * Answers on `server` while the process waits to take over (a second ingest, or ROLE=all on a shared
 * database, while another holds the ingest lock): alive on /healthz, not ready on /readyz with `why()` as
 * the reason (the wait, then the start after it), its metrics on /metrics, and anything else 503 with Retry-After. A supervisor then sees a
 * process alive and waiting, where a refused connection would have it restarted in a loop.
 */
export function answerWhileWaiting(
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
