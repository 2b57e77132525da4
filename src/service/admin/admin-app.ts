// The operator's API under /admin: its own application with its own OpenAPI document (the interface's
// document at /v1/openapi.json stays the interface's), reached through the service's app so that CORS, the
// request id, the request log and the metrics apply as to every request, behind adminAuth.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { StatusCode } from "hono/utils/http-status";
import { API_LICENSE, SAME_ORIGIN_SERVERS } from "../../interface/api-documents.ts";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { AccessChangeError } from "../access/access-changes.ts";
import { ApiError, errorResponse, refusalOf, validationHook } from "../http/errors.ts";
import type { ServiceEnv } from "../http/service-env.ts";
import { reportFault } from "../ops/fault-log.ts";
import { registerAddresses } from "./addresses.ts";
import { adminAuth } from "./admin-auth.ts";
import type { AdminBindings, AdminDeps } from "./admin-routes.ts";
import { registerAudit } from "./audit.ts";
import { registerHealth } from "./health.ts";
import { registerKeys } from "./keys.ts";
import { registerUsage } from "./usage.ts";

/** Mounts /admin on the service's app. */
export function mountAdmin(app: OpenAPIHono<ServiceEnv>, deps: AdminDeps): void {
  const admin = createAdminApp(deps);
  const auth = adminAuth(deps.config, deps.adminKeys, deps.window);
  app.use("/admin", auth);
  app.use("/admin/*", auth);
  const forward = async (c: Context<ServiceEnv>) => {
    const response = await admin.fetch(c.req.raw, { ...c.env, actor: c.get("actor") });
    // Through the context, so the headers set on the way in (CORS, RateLimit) are kept: Hono drops them
    // from a Response a handler returns as it is.
    for (const [name, value] of response.headers) c.header(name, value);
    return c.newResponse(response.body, response.status as StatusCode);
  };
  app.all("/admin", forward);
  app.all("/admin/*", forward);
}

function createAdminApp(deps: AdminDeps): OpenAPIHono<AdminBindings> {
  const admin = new OpenAPIHono<AdminBindings>({ strict: false, defaultHook: validationHook });
  registerKeys(admin, deps);
  registerAddresses(admin, deps);
  registerAudit(admin, deps);
  registerUsage(admin, deps);
  registerHealth(admin, deps);
  admin.openAPIRegistry.registerComponent("securitySchemes", "adminKey", {
    type: "http",
    scheme: "bearer",
    description: "An admin key (ADMIN_KEYS, or created in the data directory on first start)",
  });
  admin.doc31(SERVICE_PATHS.adminOpenApi, {
    openapi: "3.1.0",
    info: {
      title: "Market Data Query Service: the operator's API",
      version: "1.0.0",
      description:
        "Client keys, rules for addresses that send no key, the audit log, the usage review and the service's " +
        "health. Every request needs `Authorization: Bearer <admin key>` and is limited to ADMIN_RATE_LIMIT " +
        'requests per 60 s per admin key. Errors respond `{"errorcode": <status>, "errormessage": "..."}`.',
      license: API_LICENSE,
    },
    servers: SAME_ORIGIN_SERVERS,
    // Every operation; the document itself (not an operation of it) is public, as /v1's is.
    security: [{ adminKey: [] }],
  });
  admin.notFound((c) =>
    errorResponse(
      c,
      new ApiError(404, `no such route: ${c.req.method} ${c.req.path} (see ${SERVICE_PATHS.adminOpenApi})`),
    ),
  );
  admin.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof AccessChangeError)
      return errorResponse(c, new ApiError(error.status, error.message));
    if (error instanceof HTTPException && error.status < 500) return errorResponse(c, refusalOf(error));
    reportFault(error, `${c.req.method} ${c.req.path}`);
    return errorResponse(c, new ApiError(500, "internal error; the service logged it"));
  });
  return admin;
}
