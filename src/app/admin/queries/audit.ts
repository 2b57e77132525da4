// GET /admin/audit?limit=&before=: who changed what and when, newest first, a page at a time; "older"
// asks for the entries before the oldest one shown (by id, as the store numbers them).
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEntry } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys } from "../admin-query-keys.ts";

/** Entries per page. */
export const AUDIT_PAGE = 25;

export function getAudit(
  client: AdminClient,
  before: number | null,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  const endpoint = ADMIN_ENDPOINTS.audit;
  const path = pathOf(endpoint, {}, { limit: AUDIT_PAGE, before });
  return client.get(path, endpoint.resource, "the audit log", signal);
}

export function auditQueryOptions(client: AdminClient) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => getAudit(client, pageParam, signal),
    initialPageParam: null as number | null,
    // A short page is the last one: there is nothing older.
    getNextPageParam: (page) => (page.length < AUDIT_PAGE ? undefined : (page.at(-1)?.id ?? undefined)),
  });
}

export function useAudit() {
  return useInfiniteQuery(auditQueryOptions(useAdminClient()));
}
