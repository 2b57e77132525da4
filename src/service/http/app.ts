// The route step of the pipeline (pipeline.ts): the Hono app, its middleware in the order a request meets it,
// the endpoints, the OpenAPI document, the docs page and the dashboard.
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import type { ServiceContext } from "../context.ts";
import { reportFault } from "../ops/fault-log.ts";
import type { ServiceMetrics } from "../ops/metrics.ts";
import { registerMetrics } from "../ops/metrics-route.ts";
import { corsPreflight } from "./cors.ts";
import { registerDocs } from "./docs.ts";
import { ApiError, errorResponse, refusalOf, validationHook } from "./errors.ts";
import { HEALTH_PATHS, type ReadinessCheck, registerHealth } from "./health.ts";
import { registerStatus } from "./market-source.ts";
import { registerOpenApiDocument } from "./openapi.ts";
import type { ResponseCache } from "./response-cache.ts";
import type { ResponseWriter } from "./response-writer.ts";
import { registerCandles } from "./routes/candles.ts";
import { registerChartPoints } from "./routes/chart-points.ts";
import { registerCoins } from "./routes/coins.ts";
import { registerInterestRate } from "./routes/interest-rate.ts";
import { registerInterestRateTypes } from "./routes/interest-rate-types.ts";
import { registerPairs } from "./routes/pairs.ts";
import { registerProvenance } from "./routes/provenance.ts";
import { registerQuotation } from "./routes/quotation.ts";
import { registerStream } from "./routes/stream.ts";
import { registerSupply } from "./routes/supply.ts";
import { registerSymbolDetails } from "./routes/symbol-details.ts";
import { registerSymbols } from "./routes/symbols.ts";
import { pageSecurity } from "./security-headers.ts";
import type { ServiceEnv } from "./service-env.ts";
import { registerDashboard } from "./static.ts";
import { writerMiddleware } from "./writer-middleware.ts";

export interface HttpDeps {
  ctx: ServiceContext;
  cache: ResponseCache;
  /** Where every response leaves: its headers, its coding, its record. */
  writer: ResponseWriter;
  /** Apps mounted under paths of their own (the operator's API at /admin), added before the dashboard. */
  mounts: readonly ((app: OpenAPIHono<ServiceEnv>) => void)[];
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
  cache,
  writer,
  mounts,
  metrics,
  dashboardDir,
  health,
}: HttpDeps): OpenAPIHono<ServiceEnv> {
  const app = new OpenAPIHono<ServiceEnv>({ strict: false, defaultHook: validationHook });

  // A balancer asks every half second and Prometheus every few: their requests would drown the clients'.
  app.use(
    "*",
    writerMiddleware(writer, cache, (path) => HEALTH_PATHS.includes(path) || path === SERVICE_PATHS.metrics),
  );
  app.use("*", corsPreflight());
  app.use("*", pageSecurity(ctx.config.https));

  registerChartPoints(app, ctx);
  registerCandles(app, ctx);
  registerProvenance(app, ctx);
  registerQuotation(app, ctx);
  registerInterestRate(app, ctx);
  registerInterestRateTypes(app, ctx);
  registerSupply(app, ctx);
  registerSymbolDetails(app, ctx);
  registerCoins(app, ctx);
  registerPairs(app, ctx);
  registerSymbols(app, ctx);
  registerStatus(app, ctx);
  registerStream(app, ctx, writer);
  registerHealth(app, health.checks, health.shuttingDown);
  registerMetrics(app, metrics);
  for (const mount of mounts) mount(app);

  registerOpenApiDocument(app, SERVICE_PATHS.openApi);
  registerDocs(app);
  registerDashboard(app, dashboardDir);

  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    // A plain OPTIONS (the CORS middleware handles a preflight) asks what the path takes.
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
      new ApiError(404, `no such route: ${c.req.method} ${c.req.path} (see ${SERVICE_PATHS.openApi})`),
    );
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    // A library's refusal of the request (a 4xx of its own) is bad input, on the nearest status of the table.
    if (error instanceof HTTPException && error.status < 500) return errorResponse(c, refusalOf(error));
    reportFault(error, `${c.req.method} ${c.req.path}`, c.env.incoming.exchange?.head.requestId);
    return errorResponse(c, new ApiError(500, "internal error; the service logged it"));
  });

  return app;
}

const routePatterns = new WeakMap<OpenAPIHono<ServiceEnv>, { pattern: RegExp; method: string }[]>();

/** Methods the app routes for a path, from its registered routes (middleware excluded). */
function allowedMethods(app: OpenAPIHono<ServiceEnv>, path: string): string[] {
  let patterns = routePatterns.get(app);
  if (!patterns) {
    patterns = app.routes
      .filter(
        (r) => r.method !== "ALL" && (r.path.startsWith("/v1/") || r.path.startsWith(SERVICE_PATHS.docs)),
      )
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}/?$`),
      }));
    routePatterns.set(app, patterns);
  }
  const methods = new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method));
  // Hono serves HEAD through the GET route.
  if (methods.has("GET")) methods.add("HEAD");
  if (methods.size > 0) methods.add("OPTIONS");
  return [...methods];
}
