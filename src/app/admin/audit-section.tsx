// The audit log: every change of keys and rules, who made it and when, newest first; older entries a page
// at a time. A list rather than a table: each entry reflows on a narrow screen instead of scrolling.
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { useAudit } from "./queries/audit.ts";

export function AuditSection() {
  const zone = useTimeZone();
  const query = useAudit();
  const entries = query.data?.pages.flat();
  return (
    <section className="card admin-section" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">Audit log</h2>
      <QueryStates
        query={{ ...query, data: entries }}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={3} columns={4} label="the audit log" />}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="muted">Nothing changed yet.</p>
          ) : (
            <>
              <ol className="admin-audit" aria-label="Audit log, newest first">
                {list.map((entry) => (
                  <li key={entry.id} className="admin-audit__entry">
                    <time dateTime={entry.time}>{formatIsoIn(entry.time, zone)}</time>{" "}
                    <code className="admin-audit__actor">{entry.actor}</code>{" "}
                    <span className="admin-audit__action">{entry.action}</span>{" "}
                    <span className="admin-audit__target">{entry.target}</span>
                    {entry.detail ? <span className="muted"> · {entry.detail}</span> : null}
                  </li>
                ))}
              </ol>
              {query.hasNextPage ? (
                <button
                  type="button"
                  className="button admin-more"
                  aria-disabled={query.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!query.isFetchingNextPage) void query.fetchNextPage();
                  }}
                >
                  {query.isFetchingNextPage ? "Loading older entries…" : "Older entries"}
                </button>
              ) : (
                <p className="muted admin-note">The start of the log.</p>
              )}
            </>
          )
        }
      </QueryStates>
    </section>
  );
}
