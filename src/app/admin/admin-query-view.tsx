// What a console section shows while its data is not there: a skeleton while it loads, the failure in words
// with a way to try again; with data on screen, a failed refresh is a quiet note and the data stays.
import type { ReactNode } from "react";
import { FailureBox } from "../components/failure-box.tsx";
import { describeAdminFailure } from "./admin-failure.ts";

interface AdminQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export function AdminFailureNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const failure = describeAdminFailure(error);
  return <FailureBox failure={failure} onRetry={onRetry} />;
}

export function AdminQueryView<T>({
  query,
  skeleton,
  children,
}: {
  query: AdminQuery<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) {
    return (
      <>
        {query.isError ? (
          <p className="stale-note" role="status">
            Showing earlier data: the refresh failed ({describeAdminFailure(query.error).title.toLowerCase()}
            ).
          </p>
        ) : null}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) return <AdminFailureNotice error={query.error} onRetry={() => void query.refetch()} />;
  return <div aria-busy="true">{skeleton}</div>;
}
