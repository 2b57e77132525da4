// GET /v1/interestrates: every rate type with its issuer, first date and decimals.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { InterestRateMeta } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getInterestRateTypes(
  connection: Connection,
  options: FetchOptions,
): Promise<InterestRateMeta[]> {
  return getEndpoint(connection, ENDPOINTS.interestRateTypes, {}, "the rate types", options);
}

export function interestRateTypesQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.interestRateTypes(),
    queryFn: queryFnOf(connection, getInterestRateTypes),
    staleTime: staleTimeOf(ENDPOINTS.interestRateTypes),
  });
}

export function useInterestRateTypes() {
  return useQuery(interestRateTypesQueryOptions(useConnection()));
}
