// GET /admin/usage/minutes?period=&client=: requests admitted and refused per minute, of the whole service
// or of one client, for the chart. Minutes without requests are left out by the service.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type UsagePeriod, type UsageSeries, UsageSeriesSchema } from "../../../interface/admin.ts";
import type { AdminClient } from "../admin-client.ts";
import { useAdminClient } from "../admin-context.tsx";
import { adminKeys, REFRESH_MS } from "./admin-query-keys.ts";

export function getUsageMinutes(
  client: AdminClient,
  period: UsagePeriod,
  who: string | null,
  signal?: AbortSignal,
): Promise<UsageSeries> {
  const query = new URLSearchParams({ period });
  if (who !== null) query.set("client", who);
  const what = `the requests per minute of ${who ?? "the whole service"}`;
  return client.get(`/admin/usage/minutes?${query}`, UsageSeriesSchema, what, signal);
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
