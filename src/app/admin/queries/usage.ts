// GET /admin/usage?period=: per client (key name or address) over the last hour, day or week: admitted,
// refused, errors, bytes, first and last seen, peak per minute, endpoints. Asked again while on screen.
import {
  keepPreviousData,
  queryOptions,
  useIsFetching,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { UsagePeriod, UsageReview } from "../../../interface/admin.ts";
import { ADMIN_ENDPOINTS } from "../../../interface/admin-endpoints.ts";
import { pathOf } from "../../../interface/endpoints.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys, REFRESH_MS } from "../admin-query-keys.ts";

export function getUsage(
  client: AdminClient,
  period: UsagePeriod,
  signal?: AbortSignal,
): Promise<UsageReview> {
  const endpoint = ADMIN_ENDPOINTS.usage;
  return client.get(
    pathOf(endpoint, {}, { period }),
    endpoint.resource,
    `the usage of the last ${period}`,
    signal,
  );
}

export function usageQueryOptions(client: AdminClient, period: UsagePeriod) {
  return queryOptions({
    queryKey: adminKeys.usage(period),
    queryFn: ({ signal }) => getUsage(client, period, signal),
    refetchInterval: REFRESH_MS.usage,
    // Another period keeps the table on screen until its own review arrives.
    placeholderData: keepPreviousData,
  });
}

export function useUsage(period: UsagePeriod) {
  return useQuery(usageQueryOptions(useAdminClient(), period));
}

/**
 * Asks the review and its per-minute counts again now, every period's (the operator's "Refresh"): the
 * console otherwise asks them only every half minute, and a period seen in the last 10 s not at all.
 */
export function useRefreshUsage(): { refresh: () => Promise<void>; refreshing: boolean } {
  const queries = useQueryClient();
  const refreshing =
    useIsFetching({ queryKey: adminKeys.usageAll() }) +
      useIsFetching({ queryKey: adminKeys.usageMinutesAll() }) >
    0;
  const refresh = async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: adminKeys.usageAll() }),
      queries.invalidateQueries({ queryKey: adminKeys.usageMinutesAll() }),
    ]);
  };
  return { refresh, refreshing };
}
