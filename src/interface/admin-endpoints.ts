// The operator's API's endpoint table: every endpoint under /admin, once, as endpoints.ts has the
// interface's. A row is named as what it asks (a GET by its resource, a change by its verb); the service's
// admin module and the console's query module of that resource take its method, path and operationId from
// here, and no other product file writes the path (lint/endpoint-paths.test.ts). Its answers are never kept
// (the console asks again), so a row has no lifetime.
import { z } from "zod";
import {
  AddressRuleSchema,
  AdminHealthSchema,
  AuditEntrySchema,
  AuditQuery,
  ChangeKeySchema,
  ClientKeySchema,
  IdParams,
  IssuedKeySchema,
  IssueKeySchema,
  NewAddressRuleSchema,
  TemporaryLimitSchema,
  UsageMinutesQuery,
  UsageQuery,
  UsageReviewSchema,
  UsageSeriesSchema,
} from "./admin.ts";
import type { Operation } from "./endpoints.ts";

export const ADMIN_ENDPOINTS = {
  keys: {
    name: "keys",
    operationId: "getKeys",
    method: "get",
    path: "/admin/keys",
    resource: z.array(ClientKeySchema),
  },
  issueKey: {
    name: "keys",
    operationId: "issueKey",
    method: "post",
    path: "/admin/keys",
    body: IssueKeySchema,
    resource: IssuedKeySchema,
  },
  changeKey: {
    name: "keys",
    operationId: "changeKey",
    method: "patch",
    path: "/admin/keys/{id}",
    params: IdParams,
    body: ChangeKeySchema,
    resource: ClientKeySchema,
  },
  setTemporaryLimit: {
    name: "keys",
    operationId: "setTemporaryLimit",
    method: "put",
    path: "/admin/keys/{id}/temporary-limit",
    params: IdParams,
    body: TemporaryLimitSchema,
    resource: ClientKeySchema,
  },
  liftTemporaryLimit: {
    name: "keys",
    operationId: "liftTemporaryLimit",
    method: "delete",
    path: "/admin/keys/{id}/temporary-limit",
    params: IdParams,
    resource: ClientKeySchema,
  },
  revokeKey: {
    name: "keys",
    operationId: "revokeKey",
    method: "post",
    path: "/admin/keys/{id}/revoke",
    params: IdParams,
    resource: ClientKeySchema,
  },
  addresses: {
    name: "addresses",
    operationId: "getAddresses",
    method: "get",
    path: "/admin/addresses",
    resource: z.array(AddressRuleSchema),
  },
  addAddressRule: {
    name: "addresses",
    operationId: "addAddressRule",
    method: "post",
    path: "/admin/addresses",
    body: NewAddressRuleSchema,
    resource: AddressRuleSchema,
  },
  // Answered 204, without a body.
  removeAddressRule: {
    name: "addresses",
    operationId: "removeAddressRule",
    method: "delete",
    path: "/admin/addresses/{id}",
    params: IdParams,
  },
  audit: {
    name: "audit",
    operationId: "getAudit",
    method: "get",
    path: "/admin/audit",
    query: AuditQuery,
    resource: z.array(AuditEntrySchema),
  },
  usage: {
    name: "usage",
    operationId: "getUsage",
    method: "get",
    path: "/admin/usage",
    query: UsageQuery,
    resource: UsageReviewSchema,
  },
  usageMinutes: {
    // Served by the usage module; the console asks it in a query module of its own, for the chart.
    name: "usage-minutes",
    operationId: "getUsageMinutes",
    method: "get",
    path: "/admin/usage/minutes",
    query: UsageMinutesQuery,
    resource: UsageSeriesSchema,
  },
  health: {
    name: "health",
    operationId: "getHealth",
    method: "get",
    path: "/admin/health",
    resource: AdminHealthSchema,
  },
} as const satisfies Record<string, Operation>;
