// /admin/addresses: the rules for requests that send no key: block an address or range, or hold it to a
// lower limit, until a time or until removed.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { AddressRuleSchema, NewAddressRuleSchema } from "../../interface/admin.ts";
import { addressRuleOf } from "../access/access-changes.ts";
import { type AdminBindings, type AdminDeps, adminErrors, IdParam, json, jsonBody } from "./admin-routes.ts";

const list = createRoute({
  method: "get",
  path: "/admin/addresses",
  operationId: "getAddresses",
  summary: "The address rules",
  responses: { 200: json(z.array(AddressRuleSchema), "The rules, oldest first"), ...adminErrors() },
});

const add = createRoute({
  method: "post",
  path: "/admin/addresses",
  operationId: "addAddressRule",
  summary: "Block or limit an address or CIDR range",
  request: { body: jsonBody(NewAddressRuleSchema) },
  responses: { 201: json(AddressRuleSchema, "The rule"), ...adminErrors(400) },
});

const remove = createRoute({
  method: "delete",
  path: "/admin/addresses/{id}",
  operationId: "removeAddressRule",
  summary: "Remove an address rule",
  request: { params: IdParam },
  responses: { 204: { description: "Removed" }, ...adminErrors(404) },
});

export function registerAddresses(admin: OpenAPIHono<AdminBindings>, deps: AdminDeps): void {
  admin.openapi(list, async (c) =>
    c.json((await deps.access.store.listAddressRules()).map(addressRuleOf), 200),
  );
  admin.openapi(add, async (c) => {
    const request = NewAddressRuleSchema.parse(c.req.valid("json"));
    return c.json(await deps.access.changes.addAddressRule(c.env.actor, request), 201);
  });
  admin.openapi(remove, async (c) => {
    const { id } = c.req.valid("param");
    await deps.access.changes.removeAddressRule(c.env.actor, id);
    return c.body(null, 204);
  });
}
