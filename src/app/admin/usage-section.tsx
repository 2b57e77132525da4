// Usage per client over the last hour, day or week: the review the fair-usage policy promises, most
// refused first. Choosing a client shows its requests per minute on the chart.
import { useState } from "react";
import { USAGE_PERIODS, type UsagePeriod } from "../../interface/admin.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { formatIsoIn } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { useRefreshUsage, useUsage } from "./queries/usage.ts";
import { DEFAULT_USAGE_SORT, USAGE_SORT, type UsageSort } from "./usage-sort.ts";
import { UsageTable } from "./usage-table.tsx";

export const PERIOD_LABELS: Record<UsagePeriod, string> = {
  hour: "Last hour",
  day: "Last day",
  week: "Last week",
};

export function UsageSection({
  period,
  selected,
  onPeriod,
  onSelect,
}: {
  period: UsagePeriod;
  selected: string | null;
  onPeriod: (period: UsagePeriod) => void;
  onSelect: (client: string | null) => void;
}) {
  const zone = useTimeZone();
  const query = useUsage(period);
  const { refresh, refreshing } = useRefreshUsage();
  const [sort, setSort] = useState<UsageSort>(DEFAULT_USAGE_SORT);
  return (
    <section className="card admin-section" aria-labelledby="admin-usage-title">
      <div className="admin-section__head">
        <h2 id="admin-usage-title">Usage</h2>
        <div className="admin-inline-field">
          <label htmlFor="admin-period">Period</label>
          <select
            id="admin-period"
            value={period}
            onChange={(event) => onPeriod(event.target.value as UsagePeriod)}
          >
            {(Object.keys(USAGE_PERIODS) as UsagePeriod[]).map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            aria-busy={refreshing}
            title="Ask the review, its chart and the live streams again now"
            onClick={() => void refresh()}
          >
            Refresh
          </button>
        </div>
      </div>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonRows rows={4} columns={6} label="the usage" />}
      >
        {(review) =>
          review.clients.length === 0 ? (
            <p className="muted">No requests in this period.</p>
          ) : (
            <>
              <p className="muted admin-note">
                {review.clients.length} {review.clients.length === 1 ? "client" : "clients"} from{" "}
                {formatIsoIn(review.from, zone)} to {formatIsoIn(review.to, zone)}. Choose a client to see its
                requests per minute.
              </p>
              <UsageTable
                clients={review.clients}
                sort={sort}
                selected={selected}
                onSort={(column) => setSort((now) => USAGE_SORT.next(now, column))}
                onSelect={onSelect}
              />
            </>
          )
        }
      </QueryStates>
    </section>
  );
}
