// The audit log: every change of keys and rules, who made it and when, newest first; older entries a page
// at a time.
import { SkeletonRows } from "../components/skeleton.tsx";
import { AdminQueryView } from "./admin-query-view.tsx";
import { formatWhen } from "./operator-format.ts";
import { useAudit } from "./queries/audit.ts";

export function AuditSection() {
  const query = useAudit();
  const entries = query.data?.pages.flat();
  return (
    <section className="card operator-section" aria-labelledby="operator-audit-title">
      <h2 id="operator-audit-title">Audit log</h2>
      <AdminQueryView
        query={{ ...query, data: entries }}
        skeleton={<SkeletonRows rows={3} columns={4} label="the audit log" />}
      >
        {(list) =>
          list.length === 0 ? (
            <p className="muted">Nothing changed yet.</p>
          ) : (
            <>
              <div className="table-scroll operator-scroll">
                <table className="data-table operator-table">
                  <caption className="visually-hidden">Audit log, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What</th>
                      <th scope="col">Target</th>
                      <th scope="col">Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((entry) => (
                      <tr key={entry.id}>
                        <td>
                          <time dateTime={entry.time}>{formatWhen(entry.time)}</time>
                        </td>
                        <td>
                          <code>{entry.actor}</code>
                        </td>
                        <td>{entry.action}</td>
                        <td className="operator-wrap">{entry.target}</td>
                        <td className="operator-wrap">{entry.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {query.hasNextPage ? (
                <button
                  type="button"
                  className="button operator-more"
                  aria-disabled={query.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!query.isFetchingNextPage) void query.fetchNextPage();
                  }}
                >
                  {query.isFetchingNextPage ? "Loading older entries…" : "Older entries"}
                </button>
              ) : (
                <p className="muted operator-note">The start of the log.</p>
              )}
            </>
          )
        }
      </AdminQueryView>
    </section>
  );
}
