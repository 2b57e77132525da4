// /admin/addresses: the rules for requests that send no key: block an address or range, or hold it to a
// lower limit, until a time or until removed.

import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_ENDPOINTS } from "../../interface/admin-endpoints.ts";
import { routeOf } from "../../interface/endpoints.ts";
import { addressRuleOf } from "../access/access-changes.ts";
import { type AdminBindings, type AdminDeps, adminErrors, json, jsonBody } from "./admin-routes.ts";

const { addresses, addAddressRule, removeAddressRule } = ADMIN_ENDPOINTS;

const list = createRoute({
  ...routeOf(addresses),
  summary: "The address rules",
  responses: { 200: json(addresses.resource, "The rules, oldest first"), ...adminErrors() },
});

const add = createRoute({
  ...routeOf(addAddressRule),
  summary: "Block or limit an address or CIDR range",
  request: { body: jsonBody(addAddressRule.body) },
  responses: { 201: json(addAddressRule.resource, "The rule"), ...adminErrors(400) },
});

const remove = createRoute({
  ...routeOf(removeAddressRule),
  summary: "Remove an address rule",
  request: { params: removeAddressRule.params },
  responses: { 204: { description: "Removed" }, ...adminErrors(404) },
});

export function registerAddresses(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(list, async (c) =>
    c.json((await deps.access.store.listAddressRules()).map(addressRuleOf), 200),
  );
  admin.openapi(add, async (c) => {
    const request = addAddressRule.body.parse(c.req.valid("json"));
    return c.json(await deps.access.changes.addAddressRule(c.env.actor, request), 201);
  });
  admin.openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    await deps.access.changes.removeAddressRule(c.env.actor, id);
    return c.body(null, 204);
  });
}
