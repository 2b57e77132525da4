// /admin/health: what the operator looks at first: where the market comes from and how far behind it is,
// the store, Redis, and the processes seen in the last minute.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { routeOf } from "../../interface/endpoints.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json } from "./admin-routes.ts";

const { health } = ADMIN_ENDPOINTS;

const route = createRoute({
  ...routeOf(health),
  summary: "The service's health",
  responses: { 200: json(health.resource, "Market, store, Redis and replicas"), ...adminErrors() },
});

export function registerHealth(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(route, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await deps.health(), 200);
  });
}
