// /admin/usage: who used the service over the last hour, day or week, and requests per minute.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  USAGE_PERIODS,
  type UsagePeriod,
  UsageReviewSchema,
  UsageSeriesSchema,
} from "../../interface/admin.ts";
import { reviewUsage, usageSeries } from "../access/usage-review.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json } from "./admin-routes.ts";

const period = z
  .enum(Object.keys(USAGE_PERIODS) as [UsagePeriod, ...UsagePeriod[]])
  .default("day")
  .openapi({ param: { name: "period", in: "query" } });

const review = createRoute({
  method: "get",
  path: "/admin/usage",
  operationId: "getUsage",
  summary: "Usage per client over a period",
  description: "The clients that were refused most come first. Counts lag the answers by a second at most.",
  request: { query: z.object({ period }) },
  responses: { 200: json(UsageReviewSchema, "The review"), ...adminErrors(400) },
});

const minutes = createRoute({
  method: "get",
  path: "/admin/usage/minutes",
  operationId: "getUsageMinutes",
  summary: "Requests per minute of the whole service or one client",
  request: {
    query: z.object({
      period,
      client: z
        .string()
        .min(1)
        .max(100)
        .optional()
        .openapi({ param: { name: "client", in: "query" }, description: "key:<fingerprint> or an address" }),
    }),
  },
  responses: { 200: json(UsageSeriesSchema, "Minutes with requests, oldest first"), ...adminErrors(400) },
});

export function registerUsage(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(review, async (c) => {
    // This replica's latest counts first; the others' are at most a flush behind.
    await deps.access.usage.flush();
    return c.json(await reviewUsage(deps.access.store, c.req.valid("query").period, deps.now()), 200);
  });
  admin.openapi(minutes, async (c) => {
    const { period: chosen, client } = c.req.valid("query");
    await deps.access.usage.flush();
    return c.json(await usageSeries(deps.access.store, chosen, client ?? null, deps.now()), 200);
  });
}
