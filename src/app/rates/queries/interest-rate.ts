// GET /v1/interestrate/{type}[/{date}] and its range form ?dateInit=&dateFinal=. A fixing for a past date
// never changes, so it never goes stale.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS, pathOf } from "../../../interface/endpoints.ts";
import { type InterestRate, InterestRateSchema, InterestRatesSchema } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

/** YYYY-MM-DD of `now` in UTC: the day a date is "today" for the service. */
export function utcDay(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The fixing in force on `date` (YYYY-MM-DD), or the latest when date is null. */
export function getInterestRate(
  connection: Connection,
  rateType: string,
  date: string | null,
  options: FetchOptions,
): Promise<InterestRate> {
  const path =
    date === null
      ? pathOf(ENDPOINTS.interestRate, { rateType })
      : pathOf(ENDPOINTS.interestRateOnDate, { rateType, date });
  const what = `the ${rateType} fixing${date === null ? "" : ` on ${date}`}`;
  return getResource(connection, path, InterestRateSchema, what, options);
}

export function interestRateQueryOptions(connection: Connection, rateType: string, date: string | null) {
  const settled = date !== null && date < utcDay();
  return queryOptions({
    queryKey: queryKeys.interestRate(rateType, date),
    queryFn: queryFnOf(connection, (c, options) => getInterestRate(c, rateType, date, options)),
    staleTime: staleTimeOf(ENDPOINTS.interestRate, settled),
  });
}

export function useInterestRate(rateType: string, date: string | null) {
  return useQuery(interestRateQueryOptions(useConnection(), rateType, date));
}

/** Every fixing from dateInit to dateFinal (YYYY-MM-DD, inclusive). */
export function getInterestRateRange(
  connection: Connection,
  rateType: string,
  dateInit: string,
  dateFinal: string,
  options: FetchOptions,
): Promise<InterestRate[]> {
  return getResource(
    connection,
    pathOf(ENDPOINTS.interestRate, { rateType }, { dateInit, dateFinal }),
    InterestRatesSchema,
    `the ${rateType} fixings from ${dateInit} to ${dateFinal}`,
    options,
  );
}

export function interestRateRangeQueryOptions(
  connection: Connection,
  rateType: string,
  dateInit: string,
  dateFinal: string,
) {
  const settled = dateFinal < utcDay();
  return queryOptions({
    queryKey: queryKeys.interestRateRange(rateType, dateInit, dateFinal),
    queryFn: queryFnOf(connection, (c, options) =>
      getInterestRateRange(c, rateType, dateInit, dateFinal, options),
    ),
    staleTime: staleTimeOf(ENDPOINTS.interestRate, settled),
  });
}

export function useInterestRateRange(
  rateType: string,
  dateInit: string,
  dateFinal: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...interestRateRangeQueryOptions(useConnection(), rateType, dateInit, dateFinal),
    enabled,
  });
}
