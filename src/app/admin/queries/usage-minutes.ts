// GET /admin/usage/minutes?period=&client=: requests admitted and refused per minute, of the whole service
// or of one client, for the chart. Minutes without requests are left out by the service.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { UsagePeriod, UsageSeries } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys, REFRESH_MS } from "../admin-query-keys.ts";

export function getUsageMinutes(
  client: AdminClient,
  period: UsagePeriod,
  who: string | null,
  signal?: AbortSignal,
): Promise<UsageSeries> {
  const endpoint = ADMIN_ENDPOINTS.usageMinutes;
  const what = `the requests per minute of ${who ?? "the whole service"}`;
  return client.get(pathOf(endpoint, {}, { period, client: who }), endpoint.resource, what, signal);
}

export function usageMinutesQueryOptions(client: AdminClient, period: UsagePeriod, who: string | null) {
  return queryOptions({
    queryKey: adminKeys.usageMinutes(period, who),
    queryFn: ({ signal }) => getUsageMinutes(client, period, who, signal),
    refetchInterval: REFRESH_MS.usage,
    placeholderData: keepPreviousData,
  });
}

export function useUsageMinutes(period: UsagePeriod, who: string | null) {
  return useQuery(usageMinutesQueryOptions(useAdminClient(), period, who));
}
