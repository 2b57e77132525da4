// The chart's legend, one entry per series with its colour and state, and the compare control that says
// what an added series will cost (requests, and when the budget lets it go) before it is fetched.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type ChartTheme, seriesColour } from "../chart-models/chart-theme.ts";
import { useQueueWait } from "../components/query-status.tsx";
import { useNow } from "../components/use-now.ts";
import { formatCountdown, formatNumber } from "../format/numbers.ts";
import { useBudgetSnapshot } from "../transport/connection-context.tsx";
import type { CandleChartModel } from "./candle-chart-model.ts";
import { seriesIdOf, seriesLabel } from "./chart-params.ts";
import { describeCost, seriesCost } from "./compare-cost.ts";
import { type FeedRequest, feedQueryKey } from "./feed-request.ts";
import { SeriesDownload } from "./series-download.tsx";
import { type SeriesFeed, useSeriesFeed } from "./use-series-feed.ts";

export function LegendEntry({
  label,
  colour,
  feed,
  older = 0,
  onRemove,
}: {
  label: string;
  colour: string;
  feed: SeriesFeed;
  /** Older bars loaded in front of the series as the reader scrolled back. */
  older?: number;
  onRemove?: () => void;
}) {
  const { query, loading } = feed;
  const shown = feed.shown && { ...feed.shown, points: feed.shown.points + older };
  const waitMs = useQueueWait(feed.queryKey, loading);
  const unit = feed.request.kind === "candles" ? "candles" : "points";
  const status = query.isError
    ? "failed"
    : loading
      ? waitMs !== null
        ? `waiting ${formatCountdown(waitMs)}`
        : "loading…"
      : null;
  return (
    <li
      className="chart-legend__entry"
      data-points={shown?.points}
      data-change={shown?.change}
      data-appends={shown?.appends}
    >
      <span className="chart-legend__swatch" style={{ background: colour }} aria-hidden="true" />
      <span className="chart-legend__label">{label}</span>
      {shown ? (
        <span className="chart-legend__count muted">{`${formatNumber(shown.points, 0, "en-US")} ${unit}`}</span>
      ) : null}
      {status ? <span className="chart-legend__status muted">{status}</span> : null}
      {onRemove ? (
        <button
          type="button"
          className="chart-legend__remove"
          aria-label={`Remove ${label}`}
          onClick={onRemove}
        >
          ×
        </button>
      ) : null}
      <SeriesDownload feed={feed} label={label} />
    </li>
  );
}

/** A compared series: its feed into the model (always a line) and its legend entry. */
export function CompareSeries({
  model,
  theme,
  exchange,
  colourIndex,
  request,
  older,
  describe,
  onRemove,
}: {
  model: CandleChartModel | null;
  theme: ChartTheme;
  exchange: string | null;
  colourIndex: number;
  request: FeedRequest;
  older: number;
  describe: (exchange: string | null) => string;
  onRemove: () => void;
}) {
  const feed = useSeriesFeed(
    model,
    seriesIdOf(exchange, false),
    { label: describe(exchange), kind: "line", colourIndex },
    request,
  );
  return (
    <LegendEntry
      label={describe(exchange)}
      colour={seriesColour(theme, colourIndex)}
      feed={feed}
      older={older}
      onRemove={onRemove}
    />
  );
}

/** Pick a series to overlay; before it is added, what it costs and when it would arrive. */
export function AddCompare({
  candidates,
  keyOf,
  onAdd,
}: {
  /** Series not on the chart yet: exchange names, null for all exchanges. */
  candidates: (string | null)[];
  keyOf: (exchange: string | null) => FeedRequest;
  onAdd: (exchange: string | null) => void;
}) {
  const [picked, setPicked] = useState<string>("");
  const client = useQueryClient();
  const budget = useBudgetSnapshot();
  const now = useNow(true);
  if (candidates.length === 0) return null;
  const optionValue = (exchange: string | null) => exchange ?? "\u0000all";
  const choice = candidates.find((c) => optionValue(c) === picked) ?? candidates[0] ?? null;
  const state = client.getQueryState(feedQueryKey(keyOf(choice)));
  const cached = state?.data !== undefined && !state.isInvalidated && now - state.dataUpdatedAt < 120_000;
  const cost = describeCost(seriesCost(budget, cached, now), now);
  return (
    <div className="chart-compare">
      <label className="chart-control">
        <span className="chart-control__label">Compare with</span>
        <select value={optionValue(choice)} onChange={(event) => setPicked(event.target.value)}>
          {candidates.map((c) => (
            <option key={optionValue(c)} value={optionValue(c)}>
              {seriesLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" onClick={() => onAdd(choice)}>
        Add to chart
      </button>
      <span className="chart-compare__cost muted" role="status">
        Costs {cost}
      </span>
    </div>
  );
}
