// /admin/audit: every change of keys and rules, who made it and when, newest first.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { AuditEntrySchema } from "../../interface/admin.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json } from "./admin-routes.ts";

const AuditQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" } }),
  before: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: "before", in: "query" }, description: "Entries with an id below this one" }),
});

const list = createRoute({
  method: "get",
  path: "/admin/audit",
  operationId: "getAudit",
  summary: "The audit log, newest first",
  request: { query: AuditQuery },
  responses: { 200: json(z.array(AuditEntrySchema), "Audit entries"), ...adminErrors(400) },
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
