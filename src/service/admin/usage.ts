// /admin/usage: who used the service over the last hour, day or week, and requests per minute.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { routeOf } from "../../interface/endpoints.ts";
import { reviewUsage, usageSeries } from "../access/usage-review.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json } from "./admin-routes.ts";

const { usage, usageMinutes } = ADMIN_ENDPOINTS;

const review = createRoute({
  ...routeOf(usage),
  summary: "Usage per client over a period",
  description:
    "The clients that were refused most come first. Counts lag the responses by a second at most. A live " +
    "stream is counted when it ends (its request, its duration, events and bytes); the streams open now " +
    "are those of the process that answered (behind a balancer, each replica holds its own).",
  request: { query: usage.query },
  responses: { 200: json(usage.resource, "The review"), ...adminErrors(400) },
});

const minutes = createRoute({
  ...routeOf(usageMinutes),
  summary: "Requests per minute of the whole service or one client",
  request: { query: usageMinutes.query },
  responses: {
    200: json(usageMinutes.resource, "Minutes with requests, oldest first"),
    ...adminErrors(400),
  },
});

export function registerUsage(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(review, async (c) => {
    // This replica's latest counts first; the others' are at most a flush behind.
    await deps.access.usage.flush();
    const { period } = c.req.valid("query");
    return c.json(await reviewUsage(deps.access.store, period, deps.now(), deps.openStreams()), 200);
  });
  admin.openapi(minutes, async (c) => {
    const { period: chosen, client } = c.req.valid("query");
    await deps.access.usage.flush();
    return c.json(await usageSeries(deps.access.store, chosen, client ?? null, deps.now()), 200);
  });
}
