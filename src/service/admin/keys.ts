// /admin/keys: the client keys: list, issue (the secret shown once), change, limit until a time, revoke.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ChangeKeySchema,
  ClientKeySchema,
  IssuedKeySchema,
  IssueKeySchema,
  TemporaryLimitSchema,
} from "../../interface/admin.ts";
import { clientKeyOf } from "../access/access-changes.ts";
import { type AdminBindings, type AdminDeps, adminErrors, IdParam, json, jsonBody } from "./admin-routes.ts";

const list = createRoute({
  method: "get",
  path: "/admin/keys",
  operationId: "getKeys",
  summary: "Every client key, revoked ones included",
  responses: { 200: json(z.array(ClientKeySchema), "The keys, oldest first"), ...adminErrors() },
});

const issue = createRoute({
  method: "post",
  path: "/admin/keys",
  operationId: "issueKey",
  summary: "Issue a key",
  description: "The answer holds the secret: it is shown this once and stored only as its SHA-256.",
  request: { body: jsonBody(IssueKeySchema) },
  responses: { 201: json(IssuedKeySchema, "The key and its secret"), ...adminErrors(400) },
});

const change = createRoute({
  method: "patch",
  path: "/admin/keys/{id}",
  operationId: "changeKey",
  summary: "Change a key's name, contact or own limit",
  request: { params: IdParam, body: jsonBody(ChangeKeySchema) },
  responses: { 200: json(ClientKeySchema, "The key as changed"), ...adminErrors(400, 404) },
});

const limitUntil = createRoute({
  method: "put",
  path: "/admin/keys/{id}/temporary-limit",
  operationId: "setTemporaryLimit",
  summary: "Limit a key until a time",
  request: { params: IdParam, body: jsonBody(TemporaryLimitSchema) },
  responses: { 200: json(ClientKeySchema, "The key, limited"), ...adminErrors(400, 404, 409) },
});

const unlimit = createRoute({
  method: "delete",
  path: "/admin/keys/{id}/temporary-limit",
  operationId: "liftTemporaryLimit",
  summary: "Lift a key's temporary limit",
  request: { params: IdParam },
  responses: { 200: json(ClientKeySchema, "The key under its own limit again"), ...adminErrors(404) },
});

const revoke = createRoute({
  method: "post",
  path: "/admin/keys/{id}/revoke",
  operationId: "revokeKey",
  summary: "Revoke a key",
  description: "Its requests are answered 401 on every replica within a second. A revoked key stays revoked.",
  request: { params: IdParam },
  responses: { 200: json(ClientKeySchema, "The key, revoked"), ...adminErrors(404) },
});

export function registerKeys(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(list, async (c) => {
    const now = deps.now();
    const keys = await deps.access.store.listKeys();
    return c.json(
      keys.map((key) => clientKeyOf(key, now, deps.config.rateLimit)),
      200,
    );
  });
  admin.openapi(issue, async (c) => {
    const request = IssueKeySchema.parse(c.req.valid("json"));
    return c.json(await deps.access.changes.issue(c.env.actor, request), 201);
  });
  admin.openapi(change, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await deps.access.changes.change(c.env.actor, id, c.req.valid("json")), 200);
  });
  admin.openapi(limitUntil, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await deps.access.changes.limitUntil(c.env.actor, id, c.req.valid("json")), 200);
  });
  admin.openapi(unlimit, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await deps.access.changes.unlimit(c.env.actor, id), 200);
  });
  admin.openapi(revoke, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await deps.access.changes.revoke(c.env.actor, id), 200);
  });
}
