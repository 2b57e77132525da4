// GET /metrics: the exposition text Prometheus scrapes. Outside /v1, so no client's budget is spent on it;
// it names no client and carries no secret (endpoints, statuses and exchanges only).
import type { Env, Hono } from "hono";
import type { ServiceMetrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";

export function registerMetrics<E extends Env>(app: Hono<E>, metrics: ServiceMetrics): void {
  app.get(METRICS_PATH, async (c) => {
    const text = await metrics.text();
    return c.body(text, 200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
  });
}
