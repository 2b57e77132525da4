// The HTTP application: middleware in the order a request meets it, the eleven endpoints, the OpenAPI
// document, the docs page and the dashboard.
import type { IncomingMessage } from "node:http";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { MAX_BODY_BYTES } from "../../interface/errors.ts";
import type { StoredKey } from "../access/access-store.ts";
import { mountAdmin } from "../admin/admin-app.ts";
import type { AdminDeps } from "../admin/admin-routes.ts";
import type { ServiceContext } from "../context.ts";
import type { ServiceMetrics } from "../ops/metrics.ts";
import { METRICS_PATH, registerMetrics } from "../ops/metrics-route.ts";
import type { AnsweredRequests } from "./answered-requests.ts";
import { corsHeaders } from "./cors.ts";
import { registerDocs } from "./docs.ts";
import { ApiError, errorResponse, readingBody, refusalOf, validationHook } from "./errors.ts";
import type { FairUsageWindow } from "./fair-usage.ts";
import {
  CLIENT,
  fairUsage,
  KEY,
  LIMITER,
  REFUSAL,
  type RefusalReason,
  remoteAddress,
} from "./fair-usage-middleware.ts";
import { reportFault } from "./fault-log.ts";
import { refusedByFrontDoor } from "./front-door.ts";
import { HEALTH_PATHS, type ReadinessCheck, registerHealth } from "./health.ts";
import { MARKET_SOURCE_HEADER, marketSourceHeader, registerStatus } from "./market-source.ts";
import { openApiInfo } from "./openapi.ts";
import { REQUEST_ID, REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { CACHEABLE_BODY } from "./respond.ts";
import type { ResponseCache } from "./response-cache.ts";
import { registerChartPoints } from "./routes/chart-points.ts";
import { registerCoins } from "./routes/coins.ts";
import { registerInterestRate } from "./routes/interest-rate.ts";
import { registerInterestRateTypes } from "./routes/interest-rate-types.ts";
import { registerPairs } from "./routes/pairs.ts";
import { registerQuotation } from "./routes/quotation.ts";
import { registerSupply } from "./routes/supply.ts";
import { registerSymbolDetails } from "./routes/symbol-details.ts";
import { registerSymbols } from "./routes/symbols.ts";
import { registerDashboard } from "./static.ts";

export const OPENAPI_PATH = "/v1/openapi.json";

export interface HttpDeps {
  ctx: ServiceContext;
  limiter: FairUsageWindow;
  cache: ResponseCache;
  /** Where every answer is recorded: the request log, the usage review, the metrics. */
  answered: AnsweredRequests;
  /** The operator's API, mounted at /admin. */
  admin: AdminDeps;
  /** The figures served at /metrics. */
  metrics: ServiceMetrics;
  /** Directory of the built dashboard (index.html and assets). */
  dashboardDir: string;
  health: Health;
}

/** What /readyz checks, and whether the process is shutting down (then it is not ready). */
export interface Health {
  checks: Readonly<Record<string, ReadinessCheck>>;
  shuttingDown: () => boolean;
}

export function createHttpApp({
  ctx,
  limiter,
  cache,
  answered,
  admin,
  metrics,
  dashboardDir,
  health,
}: HttpDeps): OpenAPIHono {
  const app = new OpenAPIHono({ strict: false, defaultHook: validationHook });

  app.use("*", async (c, next) => {
    // A balancer asks every half second and Prometheus every few: their requests would drown the clients'.
    if (HEALTH_PATHS.includes(c.req.path) || c.req.path === METRICS_PATH) return next();
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set(REQUEST_ID as never, requestId as never);
    await next();
    c.header(REQUEST_ID_HEADER, requestId);
    const { incoming } = (c.env ?? {}) as { incoming?: IncomingMessage };
    if (refusedByFrontDoor(incoming)) return;
    answered.record({
      timeMs: ctx.wallClock.now(),
      client: (c.get(CLIENT as never) as string | undefined) ?? remoteAddress(c, ctx.config.trustProxy),
      method: c.req.method,
      path: pathAndQuery(c.req.url),
      status: c.res.status,
      durationMs: performance.now() - started,
      bytes: Number(c.res.headers.get("Content-Length") ?? 0),
      requestId,
      fallback: c.get(LIMITER as never) === "local",
      key: c.get(KEY as never) as StoredKey | undefined,
      refusal: c.get(REFUSAL as never) as RefusalReason | undefined,
    });
  });

  app.use("*", corsHeaders(ctx.config.corsOrigins));

  app.use("/v1/*", async (c, next) => {
    c.header(MARKET_SOURCE_HEADER, marketSourceHeader(ctx.source));
    await next();
  });

  const limit = fairUsage(ctx.config, ctx.access, limiter);
  app.use("/v1/*", async (c, next) => {
    // Preflights and the API's own description are not market data requests.
    if (c.req.method === "OPTIONS" || c.req.path === OPENAPI_PATH) return next();
    return limit(c, next);
  });
  app.use("/v1/*", async (c, next) => {
    const generation = cache.generation;
    await next();
    const body = c.get(CACHEABLE_BODY as never) as string | undefined;
    if (c.req.method === "GET" && c.res.status === 200 && body !== undefined)
      cache.put(pathAndQuery(c.req.url), body, generation);
  });

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => errorResponse(c, new ApiError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`)),
  });
  // The limit reads a body without Content-Length itself; a body that breaks off is the client's fault.
  app.post("/v1/supply", (c, next) => readingBody(() => limitBody(c, next)));

  registerChartPoints(app, ctx);
  registerQuotation(app, ctx);
  registerInterestRate(app, ctx);
  registerInterestRateTypes(app, ctx);
  registerSupply(app, ctx);
  registerSymbolDetails(app, ctx);
  registerCoins(app, ctx);
  registerPairs(app, ctx);
  registerSymbols(app, ctx);
  registerStatus(app, ctx);
  registerHealth(app, health.checks, health.shuttingDown);
  registerMetrics(app, metrics);
  mountAdmin(app, admin);

  app.openAPIRegistry.registerComponent("securitySchemes", "writeKey", {
    type: "http",
    scheme: "bearer",
    description:
      "A write key issued by the operator (WRITE_KEYS) or created in the data directory on first start",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description:
      "Optional: a client key the operator issued (in the operator's console, or API_KEYS), for its own fair-usage limit",
  });
  app.doc31(OPENAPI_PATH, openApiInfo());
  registerDocs(app);
  registerDashboard(app, dashboardDir);

  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    // A plain OPTIONS (a preflight is answered by the CORS middleware) asks what the path takes.
    if (allowed.length > 0 && c.req.method === "OPTIONS")
      return c.body(null, 204, { Allow: allowed.join(", ") });
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      return errorResponse(
        c,
        new ApiError(405, `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(" or ")}`, {
          Allow: allowed.join(", "),
        }),
      );
    }
    return errorResponse(
      c,
      new ApiError(404, `no such route: ${c.req.method} ${c.req.path} (see ${OPENAPI_PATH})`),
    );
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    // A library's refusal of the request (a 4xx of its own) is bad input, on the nearest status of the table.
    if (error instanceof HTTPException && error.status < 500) return errorResponse(c, refusalOf(error));
    reportFault(error, `${c.req.method} ${c.req.path}`, c.get(REQUEST_ID as never) as string | undefined);
    return errorResponse(c, new ApiError(500, "internal error; the service logged it"));
  });

  return app;
}

/** The path with its query, as the client sent it (cheaper than parsing a URL per request). */
function pathAndQuery(url: string): string {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

const routePatterns = new WeakMap<OpenAPIHono, { pattern: RegExp; method: string }[]>();

/** Methods the app routes for a path, from its registered routes (middleware excluded). */
function allowedMethods(app: OpenAPIHono, path: string): string[] {
  let patterns = routePatterns.get(app);
  if (!patterns) {
    patterns = app.routes
      .filter((r) => r.method !== "ALL" && (r.path.startsWith("/v1/") || r.path.startsWith("/docs")))
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}/?$`),
      }));
    routePatterns.set(app, patterns);
  }
  const methods = new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method));
  // Hono answers HEAD through the GET route.
  if (methods.has("GET")) methods.add("HEAD");
  if (methods.size > 0) methods.add("OPTIONS");
  return [...methods];
}
