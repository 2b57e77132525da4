// The HTTP servers a process listens with: the API's (the front door, the cached-answer fast path, then the
// app), or, for ROLE=ingest, one that answers only its health and its metrics.
import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { ServiceMetrics } from "../ops/metrics.ts";
import { registerMetrics } from "../ops/metrics-route.ts";
import { createHttpApp, type Health, type HttpDeps } from "./app.ts";
import { answerConnect, answerRefusedRequest, frontDoor } from "./front-door.ts";
import { registerHealth } from "./health.ts";
import type { FastPathDeps } from "./response-cache.ts";

/**
 * Node's keep-alive must outlast the balancer's idle connections (HAProxy's http-keep-alive, an ALB's 60 s):
 * otherwise Node closes a connection just as the balancer reuses it, and the client gets a 502.
 */
export const KEEP_ALIVE_MS = 65_000;

export function apiServer(deps: HttpDeps, fastPath: FastPathDeps): Server {
  const app = createHttpApp(deps);
  // An HTTP/1.0 request may come without Host; HTTP/1.1 without one is refused by the front door, which
  // answers the error record where Node's own check (requireHostHeader) would answer a bare 400.
  const handle = frontDoor(fastPath, getRequestListener(app.fetch, { hostname: "localhost" }));
  const api = createServer({ requireHostHeader: false, keepAliveTimeout: KEEP_ALIVE_MS }, handle);
  // A client may close its sending side after a complete request and still wait for the answer (RFC 9112
  // §9.6); by default Node then ends the connection, and an answer not yet written is lost. With this
  // (undocumented but long-standing) switch the answer under way is written first.
  (api as typeof api & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  api.on("clientError", (error, socket) => answerRefusedRequest(fastPath, error, socket));
  api.on("connect", (req, socket) => answerConnect(fastPath, req, socket));
  // An Expect other than 100-continue is ignored (RFC 9110 allows it) rather than refused by Node's bare 417.
  api.on("checkExpectation", handle);
  return api;
}

/** ROLE=ingest answers only a balancer's or supervisor's questions (/healthz, /readyz) and Prometheus's. */
export function healthServer(health: Health, metrics: ServiceMetrics): Server {
  const app = new Hono();
  registerHealth(app, health.checks, health.shuttingDown);
  registerMetrics(app, metrics);
  return createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, getRequestListener(app.fetch));
}
