// Requests per minute over the chosen period, of the whole service or the client chosen in the usage table;
// the minutes go into the chart model in place, never through React state.
import { useMemo, useRef } from "react";
import { USAGE_PERIODS, type UsagePeriod } from "../../interface/admin.ts";
import { useChartModel } from "../chart-models/use-chart-model.ts";
import { QueryStates } from "../components/query-status.tsx";
import { SkeletonBlock } from "../components/skeleton.tsx";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeAdminFailure } from "./admin-failure.ts";
import { useUsageMinutes } from "./queries/usage-minutes.ts";
import { describeBars, minuteBars, RequestsChartModel, type UsageMinute } from "./requests-chart-model.ts";
import { PERIOD_LABELS } from "./usage-section.tsx";

export function RequestsChartSection({
  period,
  client,
  onWholeService,
}: {
  period: UsagePeriod;
  client: string | null;
  onWholeService: () => void;
}) {
  const query = useUsageMinutes(period, client);
  const who = client ?? "the whole service";
  return (
    <section className="card admin-section" aria-labelledby="admin-chart-title">
      <div className="admin-section__head">
        <h2 id="admin-chart-title">Requests per minute</h2>
        {client !== null ? (
          <button type="button" className="button" onClick={onWholeService}>
            Show the whole service
          </button>
        ) : null}
      </div>
      <p className="muted admin-note">
        {PERIOD_LABELS[period]}, {client === null ? "the whole service" : <code>{client}</code>}.{" "}
        <span className="admin-swatch admin-swatch--admitted" aria-hidden="true" /> admitted,{" "}
        <span className="admin-swatch admin-swatch--refused" aria-hidden="true" /> refused (stacked).
      </p>
      <QueryStates
        query={query}
        describe={describeAdminFailure}
        pending={<SkeletonBlock label="the chart" height="16rem" />}
      >
        {(series) => (
          <RequestsChart minutes={series.minutes} period={period} label={`Requests per minute of ${who}`} />
        )}
      </QueryStates>
    </section>
  );
}

function RequestsChart({
  minutes,
  period,
  label,
}: {
  minutes: readonly UsageMinute[];
  period: UsagePeriod;
  label: string;
}) {
  // Made again only for a new response: a refresh that brought the same minutes keeps the chart's view.
  const bars = useMemo(() => {
    const to = Date.now() / 1000;
    return minuteBars(minutes, { from: to - USAGE_PERIODS[period], to });
  }, [minutes, period]);
  const host = useRef<HTMLDivElement>(null);
  const zone = useTimeZone();
  const legend = useRef<HTMLParagraphElement>(null);
  useChartModel(
    host,
    (element, theme) => new RequestsChartModel(element, { theme, legend: legend.current }),
    { bars },
  );

  return (
    <div className="admin-chart">
      <div
        ref={host}
        className="admin-chart__canvas"
        role="img"
        aria-label={describeBars(bars, label, zone)}
      />
      <p ref={legend} className="admin-chart__legend muted" aria-hidden="true" />
    </div>
  );
}
