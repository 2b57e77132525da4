// Requests per minute over the chosen period, of the whole service or of the client chosen in the usage
// table: admitted and refused stacked. The chart is a RequestsChartModel made once for its container; the
// answer's minutes go into it from an effect, never through React state.
import { useEffect, useMemo, useRef, useState } from "react";
import { USAGE_PERIODS, type UsagePeriod } from "../../interface/admin.ts";
import { followChartTheme, readChartTheme } from "../charts/chart-theme.ts";
import { SkeletonBlock } from "../components/skeleton.tsx";
import { useSettings } from "../settings/store/settings-context.tsx";
import { AdminQueryView } from "./admin-query-view.tsx";
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
      <AdminQueryView query={query} skeleton={<SkeletonBlock label="the chart" height="16rem" />}>
        {(series) => (
          <RequestsChart minutes={series.minutes} period={period} label={`Requests per minute of ${who}`} />
        )}
      </AdminQueryView>
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
  const [settings] = useSettings();
  // Made again only for a new answer: a refresh that brought the same minutes keeps the chart's view.
  const bars = useMemo(() => {
    const to = Date.now() / 1000;
    return minuteBars(minutes, { from: to - USAGE_PERIODS[period], to });
  }, [minutes, period]);
  const host = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLParagraphElement>(null);
  const [model, setModel] = useState<RequestsChartModel | null>(null);

  useEffect(() => {
    const element = host.current;
    // No 2D canvas (a test's DOM, a locked-down browser): the words in the label stand for the chart.
    if (!element || typeof CanvasRenderingContext2D === "undefined") return;
    let made: RequestsChartModel;
    try {
      made = new RequestsChartModel(element, { theme: readChartTheme(element), legend: legend.current });
    } catch {
      return;
    }
    setModel(made);
    return () => {
      made.dispose();
      setModel(null);
    };
  }, []);

  useEffect(() => {
    model?.setMinutes(bars);
  }, [model, bars]);

  const theme = settings.theme;
  useEffect(() => {
    const element = host.current;
    if (!model || !element) return;
    return followChartTheme(element, theme, (colours) => model.setTheme(colours));
  }, [model, theme]);

  return (
    <div className="admin-chart">
      <div ref={host} className="admin-chart__canvas" role="img" aria-label={describeBars(bars, label)} />
      <p ref={legend} className="admin-chart__legend muted" aria-hidden="true" />
    </div>
  );
}
