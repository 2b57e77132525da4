// GET /v1/interestrates: every rate type with its issuer, first date and decimals.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type InterestRateMeta, InterestRateMetaListSchema } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function getInterestRateTypes(
  connection: Connection,
  options: FetchOptions,
): Promise<InterestRateMeta[]> {
  return getResource(connection, "/v1/interestrates", InterestRateMetaListSchema, "the rate types", options);
}

export function interestRateTypesQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.interestRateTypes(),
    queryFn: queryFnOf(connection, getInterestRateTypes),
    staleTime: STALE_TIME.rateTypes,
  });
}

export function useInterestRateTypes() {
  return useQuery(interestRateTypesQueryOptions(useConnection()));
}
