// /admin/audit: every change of keys and rules, who made it and when, newest first.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { routeOf } from "../../interface/endpoints.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json } from "./admin-routes.ts";

const { audit } = ADMIN_ENDPOINTS;

const list = createRoute({
  ...routeOf(audit),
  summary: "The audit log, newest first",
  request: { query: audit.query },
  responses: { 200: json(audit.resource, "Audit entries"), ...adminErrors(400) },
});

export function registerAudit(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(list, async (c) => {
    const { limit, before } = c.req.valid("query");
    const entries = await deps.access.store.listAudit(limit, before);
    return c.json(
      entries.map((e) => ({
        id: e.id,
        time: new Date(e.timeMs).toISOString(),
        actor: e.actor,
        action: e.action,
        target: e.target,
        detail: e.detail,
      })),
      200,
    );
  });
}
