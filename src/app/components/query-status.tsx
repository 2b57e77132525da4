// What a view shows while its data is not there: a skeleton, the queue's ETA while it waits for the budget
// (never an endless spinner), or the failure in words with a way to try again.
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { formatCountdown } from "../format/numbers.ts";
import { labelOf } from "../queries/query-keys.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { describeFailure, type FailureText } from "./failure.ts";
import { FailureBox } from "./failure-box.tsx";
import { useLabelWait } from "./use-label-wait.ts";

/** While `queryKey`'s fetch waits in the budget's queue: ms until it goes, else null. */
export function useQueueWait(queryKey: QueryKey, waiting: boolean): number | null {
  return useLabelWait(labelOf(queryKey), waiting);
}

export function WaitingNotice({ what, waitMs }: { what: string; waitMs: number }) {
  return (
    <p className="waiting-notice" role="status">
      <span className="waiting-notice__dot" aria-hidden="true" />
      Waiting for a free request slot to load {what}: about {formatCountdown(waitMs)}. The service allows a
      few requests a minute; this page asks as soon as one frees.
    </p>
  );
}

export function FailureNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { baseUrl } = useConnection();
  const failure = describeFailure(error, baseUrl);
  return <FailureBox failure={failure} onRetry={onRetry} />;
}

/**
 * Renders `children(data)` once the query has data; before that a skeleton, the wait, or the failure.
 * New data is deferred, so a large view is built in slices the browser can interrupt, not one long task.
 */
export function QueryView<T>({
  query,
  queryKey,
  what,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  queryKey: QueryKey;
  what: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { baseUrl } = useConnection();
  const data = useDeferredValue(query.data);
  const waiting = query.fetchStatus === "fetching" && query.data === undefined;
  const waitMs = useQueueWait(queryKey, waiting);
  return (
    <QueryStates
      query={query}
      data={data}
      describe={(error) => describeFailure(error, baseUrl)}
      pending={
        <>
          {waitMs !== null ? <WaitingNotice what={what} waitMs={waitMs} /> : null}
          {skeleton}
        </>
      }
    >
      {children}
    </QueryStates>
  );
}

/**
 * `children(data)`, with a quiet note above it when a refresh failed (the data stays); without data the
 * failure with a way to try again, or `pending`.
 */
export function QueryStates<T>(props: {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => Promise<unknown> };
  /** What to show instead of the query's data (a deferred copy): its own, undefined included. */
  data?: T | undefined;
  describe: (error: unknown) => FailureText;
  pending: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query, describe, pending, children } = props;
  // A deferred copy still undefined means "not yet" even once the query has data: defaulting to the
  // query's data there built the whole view in the urgent render the deferral is there to avoid.
  const data = "data" in props ? props.data : query.data;
  if (data !== undefined) {
    return (
      <>
        {query.isError ? (
          <p className="stale-note" role="status">
            Showing earlier data: the refresh failed ({describe(query.error).title.toLowerCase()}).
          </p>
        ) : null}
        {children(data)}
      </>
    );
  }
  if (query.isError && query.data === undefined)
    return <FailureBox failure={describe(query.error)} onRetry={() => void query.refetch()} />;
  return <div aria-busy="true">{pending}</div>;
}
