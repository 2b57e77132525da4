// GET /admin/health: the market's source and lag, the store, Redis and the processes seen in the last
// minute. Also how the gate checks an admin key: a key the service accepts here is a working key.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminHealth } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys, REFRESH_MS } from "../admin-query-keys.ts";

export function getHealth(client: AdminClient, signal?: AbortSignal): Promise<AdminHealth> {
  const endpoint = ADMIN_ENDPOINTS.health;
  return client.get(pathOf(endpoint, {}), endpoint.resource, "the service's health", signal);
}

export function healthQueryOptions(client: AdminClient) {
  return queryOptions({
    queryKey: adminKeys.health(),
    queryFn: ({ signal }) => getHealth(client, signal),
    refetchInterval: REFRESH_MS.health,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions(useAdminClient()));
}
