// /admin/keys: the client keys: list, issue (the secret shown once), change, limit until a time, revoke.

import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { routeOf } from "../../interface/endpoints.ts";
import { clientKeyOf } from "../access/access-changes.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json, jsonBody } from "./admin-routes.ts";

const { keys, issueKey, changeKey, setTemporaryLimit, liftTemporaryLimit, revokeKey } = ADMIN_ENDPOINTS;

const list = createRoute({
  ...routeOf(keys),
  summary: "Every client key, revoked ones included",
  responses: { 200: json(keys.resource, "The keys, oldest first"), ...adminErrors() },
});

const issue = createRoute({
  ...routeOf(issueKey),
  summary: "Issue a key",
  description: "The response holds the secret: it is shown this once and stored only as its SHA-256.",
  request: { body: jsonBody(issueKey.body) },
  responses: { 201: json(issueKey.resource, "The key and its secret"), ...adminErrors(400) },
});

const change = createRoute({
  ...routeOf(changeKey),
  summary: "Change a key's name, contact or own limit",
  request: { params: changeKey.params, body: jsonBody(changeKey.body) },
  responses: { 200: json(changeKey.resource, "The key as changed"), ...adminErrors(400, 404) },
});

const limitUntil = createRoute({
  ...routeOf(setTemporaryLimit),
  summary: "Limit a key until a time",
  request: { params: setTemporaryLimit.params, body: jsonBody(setTemporaryLimit.body) },
  responses: { 200: json(setTemporaryLimit.resource, "The key, limited"), ...adminErrors(400, 404, 409) },
});

const unlimit = createRoute({
  ...routeOf(liftTemporaryLimit),
  summary: "Lift a key's temporary limit",
  request: { params: liftTemporaryLimit.params },
  responses: {
    200: json(liftTemporaryLimit.resource, "The key under its own limit again"),
    ...adminErrors(404),
  },
});

const revoke = createRoute({
  ...routeOf(revokeKey),
  summary: "Revoke a key",
  description: "Its requests are refused 401 on every replica within a second. A revoked key stays revoked.",
  request: { params: revokeKey.params },
  responses: { 200: json(revokeKey.resource, "The key, revoked"), ...adminErrors(404) },
});

export function registerKeys(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(list, async (c) => {
    const now = deps.now();
    const listed = await deps.access.store.listKeys();
    return c.json(
      listed.map((key) => clientKeyOf(key, now, deps.config.rateLimit)),
      200,
    );
  });
  admin.openapi(issue, async (c) => {
    const request = issueKey.body.parse(c.req.valid("json"));
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
