// What every query module shares: a GET of one resource decoded by the interface's schema, revalidated
// with its ETag when cached, and the queryFn that picks its budget lane and label.
import type { QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import { type Endpoint, pathOf } from "../../interface/endpoints.ts";
import type { Priority } from "../budget/priority.ts";
import { decodeResource } from "../decoding/decode.ts";
import type { Connection } from "../transport/connection.ts";
import { fetchPriority } from "./fetch-priority.ts";
import { labelOf } from "./query-keys.ts";
import { type Validators, validators } from "./validators.ts";

export interface FetchOptions {
  priority: Priority;
  signal?: AbortSignal;
  /** The budget label the view asks the ETA of; the query key's label. */
  label?: string;
  /** The query's cached data, if any: it is then asked with If-None-Match. */
  cached?: () => unknown;
}

export function getResource<S extends z.ZodType>(
  connection: Connection,
  path: string,
  schema: S,
  what: string,
  options: FetchOptions,
  tags: Validators = validators,
): Promise<z.infer<S>> {
  const { cached, ...rest } = options;
  const etag = tags.get(path);
  const isCached = cached !== undefined && cached() !== undefined;
  return connection.transport.request(path, {
    ...rest,
    decode: (value) => decodeResource(schema, value, what),
    ...(etag !== undefined && isCached
      ? { revalidate: { etag, cached: cached as () => z.infer<S> | undefined } }
      : {}),
    onValidator: (tag) => tags.set(path, tag),
  });
}

/** GET `endpoint` at `params` (and `query`), decoded by its resource schema. */
export function getEndpoint<E extends Endpoint>(
  connection: Connection,
  endpoint: E,
  params: Parameters<typeof pathOf<E>>[1],
  what: string,
  options: FetchOptions,
  query?: Parameters<typeof pathOf<E>>[2],
): Promise<z.infer<E["resource"]>> {
  return getResource<E["resource"]>(
    connection,
    pathOf(endpoint, params, query),
    endpoint.resource,
    what,
    options,
  );
}

/** The queryFn for a fetcher: the query's signal, its lane (see fetch-priority.ts), label and context. */
export function queryFnOf<T>(
  connection: Connection,
  fetcher: (
    connection: Connection,
    options: FetchOptions,
    context: QueryFunctionContext<QueryKey>,
  ) => Promise<T>,
): (context: QueryFunctionContext<QueryKey>) => Promise<T> {
  return (context) => {
    const { client, queryKey, signal } = context;
    return fetcher(
      connection,
      {
        signal,
        priority: fetchPriority(client, queryKey),
        label: labelOf(queryKey),
        cached: () => client.getQueryData(queryKey),
      },
      context,
    );
  };
}
