// /chart/:symbol — a symbol's candles, or the line of a filter's chart points, with its view in the URL so
// every chart is a link. Candles and points go from the query cache into the chart model, never into React
// state, so a large series never re-renders the page.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { Coins, SymbolDetails } from "../../interface/resources.ts";
import { seriesColour } from "../chart-models/chart-theme.ts";
import { ChartTimeCaption } from "../chart-models/chart-time-caption.tsx";
import { useChartModel } from "../chart-models/use-chart-model.ts";
import { PageLede } from "../components/page-lede.tsx";
import { FailureNotice, useQueueWait, WaitingNotice } from "../components/query-status.tsx";
import { useDocumentTitle } from "../components/use-document-title.ts";
import { chooseCurrency } from "../format/currency.ts";
import { bucketsAreUtcDays, UTC, warmDateFormats } from "../format/time-zone.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { useOffered } from "../queries/service-offers.ts";
import { useSettings, useTimeZone } from "../store/settings-context.tsx";
import { CandleChartModel } from "./candle-chart-model.ts";
import { candlesCsv } from "./candles-export.ts";
import { ChartControls } from "./chart-controls.tsx";
import { downloadBlob, downloadCanvas, exportFileName, pointsCsv, withTimeZoneTag } from "./chart-export.ts";
import { AddCompare, CompareSeries, LegendEntry } from "./chart-legend.tsx";
import {
  type ChartState,
  candleKeyOf,
  chartKeyOf,
  describeRange,
  rangeWindow,
  readChartState,
  seriesIdOf,
  seriesLabel,
  withChartState,
} from "./chart-params.ts";
import { ChosenBlockBar } from "./chosen-block-bar.tsx";
import { type FeedRequest, followsLive } from "./feed-request.ts";
import { usePairs } from "./queries/pairs.ts";
import { useChartHistory } from "./use-chart-history.ts";
import { useFormingCandle } from "./use-forming-candle.ts";
import { useSeriesFeed } from "./use-series-feed.ts";
import "./chart-page.css";

export function ChartPage() {
  useEffect(warmDateFormats, []);
  const { symbol = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const candlesOffered = useOffered("candles");
  const asked = readChartState(params);
  // A service without candles shows its line whatever the address asks; the address is left as it is, so
  // the same link still opens candles on a service that has them.
  const state: ChartState = candlesOffered ? asked : { ...asked, view: "line" };
  const [settings] = useSettings();
  const client = useQueryClient();
  useDocumentTitle(`${symbol} chart — Crowd Market Data`);

  // The exchange rates come with cached responses; the chart spends no request on them.
  const change =
    client.getQueryData<SymbolDetails>(queryKeys.symbolDetails(symbol))?.change ??
    client.getQueryData<Coins>(queryKeys.coins())?.change ??
    null;
  const fx = chooseCurrency(settings.currency, change);

  const containerRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  // The chart is made once the main series first has a response or failed (see useChartModel), and kept.
  const [responded, setResponded] = useState(false);
  // Daily and weekly buckets are the service's UTC days and Monday weeks: labelled as such in any zone.
  const utcDays = bucketsAreUtcDays(state.scale);
  const zone = useTimeZone();
  const { model, chartTheme } = useChartModel(
    containerRef,
    responded
      ? (element, theme) => new CandleChartModel(element, { theme, tooltip: tooltipRef.current })
      : null,
    { valueFormat: { currency: fx.currency, rate: fx.rate } },
    { utcDays },
  );

  // The range's window is fixed when the range (or scale) is picked, so a live refetch extends the series.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window is re-anchored on these changes only
  const times = useMemo(
    () => rangeWindow(state.scale, state.range, Math.floor(Date.now() / 1000)),
    [symbol, state.scale, state.range],
  );
  const candles = state.view === "candles";
  const keyOf = (exchange: string | null): FeedRequest =>
    candles
      ? { kind: "candles", key: candleKeyOf(symbol, state, exchange, times) }
      : { kind: "points", key: chartKeyOf(symbol, state, exchange, times) };
  // The tooltip and legend name each series by exchange and what is drawn of it: the filter's line, the
  // candles, or (another exchange overlaid on candles) its closes.
  const describe = (exchange: string | null) =>
    `${seriesLabel(exchange)} · ${candles ? (exchange === state.exchange ? "candles" : "close") : state.filter}`;
  const main = useSeriesFeed(
    model,
    seriesIdOf(state.exchange, true),
    {
      label: candles ? seriesLabel(state.exchange) : describe(state.exchange),
      kind: candles ? "candles" : "area",
      colourIndex: 0,
    },
    keyOf(state.exchange),
  );

  // The bucket being formed moves with the market while the range reaches now, once history is drawn (a
  // symbol or exchange the service does not know is never followed).
  useFormingCandle(
    model,
    seriesIdOf(state.exchange, true),
    candles && followsLive(keyOf(state.exchange)) && main.shown !== null
      ? { symbol, exchange: state.exchange, scale: state.scale }
      : null,
  );

  // Scrolling back past the oldest bar loads older pages into every series (see use-chart-history.ts).
  const history = useChartHistory(
    model,
    containerRef,
    state.scale,
    { id: seriesIdOf(state.exchange, true), request: keyOf(state.exchange) },
    state.compare.map((exchange) => ({ id: seriesIdOf(exchange, false), request: keyOf(exchange) })),
  );

  const pairs = usePairs();
  const exchanges = useMemo(() => {
    if (!pairs.data) return null;
    const names = pairs.data.pairs.filter((p) => p.symbol === symbol && !p.ignore).map((p) => p.exchange);
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  }, [pairs.data, symbol]);

  const change_ = (next: Partial<ChartState>) =>
    setParams((current) => withChartState(current, next), { preventScrollReset: true });
  const onShown = state.compare;
  const candidates = [null, ...(exchanges ?? [])].filter((e) => e !== state.exchange && !onShown.includes(e));

  const mainQuery = main.query;
  if (!responded && (mainQuery.data !== undefined || mainQuery.isError || main.cancelled)) setResponded(true);
  const loadingMain = main.loading;
  const waitMs = useQueueWait(main.queryKey, loadingMain);
  const empty =
    mainQuery.data !== undefined && !mainQuery.isPlaceholderData && mainQuery.data.times.length === 0;

  const exportCsv = () => {
    if (!model) return;
    const csvZone = utcDays ? UTC : zone;
    // In the candle view every candle column, of the exchanges overlaid (drawn as their closes) too.
    const csv = candles
      ? candlesCsv(
          model.shownCandles().map((s) => s.candles),
          symbol,
          csvZone,
        )
      : pointsCsv(
          model.shown().map(({ points }) => ({
            exchange: points.exchange,
            filter: points.filter || state.filter,
            symbol: points.symbol || symbol,
            points,
          })),
          csvZone,
        );
    const parts = [symbol, seriesLabel(state.exchange), candles ? "candles" : state.filter, state.scale];
    downloadBlob(
      new Blob([csv], { type: "text/csv" }),
      exportFileName(withTimeZoneTag(parts, csvZone), "csv"),
    );
  };
  const exportPng = () => {
    const canvas = model?.screenshot();
    if (canvas)
      downloadCanvas(canvas, exportFileName([symbol, seriesLabel(state.exchange), state.scale], "png"));
  };

  return (
    <section className="page chart-page" aria-labelledby="chart-title">
      <header className="chart-header">
        <h1 id="chart-title">{symbol} chart</h1>
        <nav className="chart-header__links" aria-label={`${symbol} links`}>
          <Link to={`/symbol/${encodeURIComponent(symbol)}`}>Back to {symbol}</Link>
        </nav>
      </header>
      <PageLede page="chart" />
      <ChartControls state={state} exchanges={exchanges} onChange={change_} candlesOffered={candlesOffered} />
      <p className="chart-status" role="status" aria-label="Chart status">
        {describe(state.exchange)} · {state.scale === "raw" ? "raw 120 s values" : `${state.scale} buckets`} ·{" "}
        {describeRange(state.scale, state.range)} · {fx.currency}
        {fx.missing ? ` (no ${fx.missing} rate at hand)` : ""}
      </p>
      {mainQuery.isError && mainQuery.data === undefined ? (
        <FailureNotice error={mainQuery.error} onRetry={() => void mainQuery.refetch()} />
      ) : null}
      {loadingMain && waitMs !== null ? (
        <WaitingNotice what={`the ${describe(state.exchange)}${candles ? "" : " points"}`} waitMs={waitMs} />
      ) : null}
      <div className="chart-frame" aria-busy={loadingMain}>
        <div
          ref={containerRef}
          className="chart-canvas"
          role="img"
          aria-label={`Chart of ${symbol}: ${describe(state.exchange)}, ${state.scale}, ${state.range}`}
        />
        <div ref={tooltipRef} className="chart-tooltip" hidden />
        {loadingMain ? <div className="chart-overlay">Loading {describe(state.exchange)} …</div> : null}
        {empty ? (
          <div className="chart-overlay">{candles ? "No trades" : "No points"} in this range.</div>
        ) : null}
      </div>
      <p className="chart-history muted" role="status" aria-label="Older history">
        {history.loading
          ? `Loading older ${candles ? "candles" : "points"}…`
          : history.atStart
            ? "No older history: the series starts here."
            : ""}
      </p>
      <ChartTimeCaption utcDays={utcDays} />
      <ChosenBlockBar
        symbol={symbol}
        scale={state.scale}
        data={mainQuery.isPlaceholderData ? undefined : mainQuery.data}
        model={model}
        fx={fx}
        utcDays={utcDays}
      />
      <ul className="chart-legend" aria-label="Legend">
        <LegendEntry
          label={describe(state.exchange)}
          colour={
            candles
              ? `linear-gradient(135deg, ${chartTheme.up} 50%, ${chartTheme.down} 50%)`
              : seriesColour(chartTheme, 0)
          }
          feed={main}
          older={history.olderOf(main.request)}
        />
        {state.compare.map((exchange, index) => (
          <CompareSeries
            key={seriesIdOf(exchange, false)}
            model={model}
            theme={chartTheme}
            exchange={exchange}
            colourIndex={index + 1}
            request={keyOf(exchange)}
            older={history.olderOf(keyOf(exchange))}
            describe={describe}
            onRemove={() => change_({ compare: state.compare.filter((e) => e !== exchange) })}
          />
        ))}
      </ul>
      <div className="chart-actions">
        <AddCompare
          candidates={candidates}
          keyOf={keyOf}
          onAdd={(exchange) => change_({ compare: [...state.compare, exchange] })}
        />
        <div className="chart-export">
          <button
            type="button"
            className="button"
            onClick={exportCsv}
            disabled={mainQuery.data === undefined}
          >
            Export CSV
          </button>
          <button
            type="button"
            className="button"
            onClick={exportPng}
            disabled={mainQuery.data === undefined}
          >
            Export PNG
          </button>
        </div>
      </div>
    </section>
  );
}
