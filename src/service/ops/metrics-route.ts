// GET /metrics: the exposition text Prometheus scrapes. Outside /v1, so no client's budget is spent on it;
// it names no client and carries no secret (endpoints, statuses and exchanges only).
import type { Env, Hono } from "hono";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import type { ServiceMetrics } from "./metrics.ts";

export function registerMetrics<E extends Env>(app: Hono<E>, metrics: ServiceMetrics): void {
  app.get(SERVICE_PATHS.metrics, async (c) => {
    const text = await metrics.text();
    return c.body(text, 200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
  });
}
