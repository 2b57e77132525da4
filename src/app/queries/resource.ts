// What every query module shares: a GET of one resource through the connection's transport, decoded by
// the interface's schema, and the queryFn that picks the budget lane and label for it.
import type { QueryFunctionContext, QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
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
  /** What the query cache holds for this query now, if anything: it is then asked with If-None-Match. */
  held?: () => unknown;
}

export function getResource<S extends z.ZodType>(
  connection: Connection,
  path: string,
  schema: S,
  what: string,
  options: FetchOptions,
  tags: Validators = validators,
): Promise<z.infer<S>> {
  const { held, ...rest } = options;
  const etag = tags.get(path);
  const holds = held !== undefined && held() !== undefined;
  return connection.transport.request(path, {
    ...rest,
    decode: (value) => decodeResource(schema, value, what),
    ...(etag !== undefined && holds
      ? { revalidate: { etag, held: held as () => z.infer<S> | undefined } }
      : {}),
    onValidator: (tag) => tags.set(path, tag),
  });
}

/**
 * The queryFn for a fetcher: the query's signal, its lane (see fetch-priority.ts) and its label. The
 * fetcher also gets the query's context (its client: what the cache already holds).
 */
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
        held: () => client.getQueryData(queryKey),
      },
      context,
    );
  };
}
