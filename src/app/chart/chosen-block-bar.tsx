// "How this price was made" for any point of the chart, chosen by a click or by the Earlier and Later
// buttons (a canvas has no points to tab to). A link to the symbol page's provenance rather than a panel
// here, so the provenance has one view to keep right, and choosing points costs no request.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ChartScale } from "../../interface/chart-window.ts";
import { isCandles } from "../decoding/candles/candle-series.ts";
import { type CurrencyChoice, convert } from "../format/currency.ts";
import { formatPrice } from "../format/numbers.ts";
import {
  formatDateTimeIn,
  formatDayIn,
  type TimeZone,
  timeZoneAbbreviation,
  UTC,
  UTC_DAYS_LABEL,
} from "../format/time-zone.ts";
import { useOffered } from "../queries/service-offers.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { provenanceAddress } from "../symbol/queries/provenance.ts";
import type { CandleChartModel } from "./candle-chart-model.ts";
import { seriesIdOf } from "./chart-params.ts";
import { blockOfPoint, blocksPerPoint, indexAt } from "./chosen-block.ts";
import type { SeriesData } from "./feed-request.ts";
import "./chosen-block-bar.css";

export interface ChosenBlockBarProps {
  symbol: string;
  scale: ChartScale;
  /** The main series' response on screen; nothing to choose from without one. */
  data: SeriesData | undefined;
  model: CandleChartModel | null;
  fx: CurrencyChoice;
  utcDays: boolean;
}

export function ChosenBlockBar({ symbol, scale, data, model, fx, utcDays }: ChosenBlockBarProps) {
  const zone = useTimeZone();
  // A service known to say nothing of how a block was made gets no link to a page that would say so.
  const provenanceOffered = useOffered("provenance");
  // The time chosen (a click, or a step); null: the newest point, following the live chart.
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => model?.onPointClick(setChosen), [model]);
  // Another scale or view has other points: the choice starts again from the newest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => setChosen(null), [scale, symbol]);

  // Choosing from all the chart holds, older pages too; the model holds the response a moment after it
  // arrives (an effect draws it), so its data counts only once it ends where the response does.
  const points = heldWithResponse(model?.held(MAIN) ?? null, data);
  const times = points?.times;
  // A point chosen is marked on the chart (the newest, followed live, is not): moved as the choice changes,
  // removed when it is cleared (another scale or symbol, no response on screen) or the bar goes.
  const marked =
    chosen !== null && times && times.length > 0 ? (times[indexAt(times, chosen)] as number) : null;
  useEffect(() => {
    model?.markPoint(marked);
  }, [model, marked]);
  useEffect(() => () => model?.markPoint(null), [model]);

  if (!points || !times || times.length === 0) return null;
  const last = times.length - 1;
  const index = chosen === null ? last : indexAt(times, chosen);
  const time = times[index] as number;
  const candles = isCandles(points);
  const value = candles ? points.close[index] : points.values[index];
  const block = blockOfPoint(time, scale, candles);
  const blocks = blocksPerPoint(scale);
  const kind = candles ? "candle" : "point";
  const step = (by: number) => setChosen(times[Math.min(last, Math.max(0, index + by))] as number);

  return (
    <fieldset className="chosen-block">
      <legend className="chosen-block__title">Chosen {kind}</legend>
      <div className="chosen-block__point">
        <button
          type="button"
          className="button chosen-block__step"
          onClick={() => step(-1)}
          disabled={index === 0}
          aria-label={`Earlier ${kind}`}
        >
          ‹
        </button>
        <output className="chosen-block__what" aria-live="polite">
          <time dateTime={new Date(time * 1000).toISOString()}>{pointTime(time, zone, utcDays)}</time>
          {value === undefined ? null : (
            <span className="muted">
              {" "}
              · {candles ? "close " : ""}
              {formatPrice(convert(value, fx), fx.currency)}
            </span>
          )}
          {chosen === null ? <span className="muted"> · newest</span> : null}
        </output>
        <button
          type="button"
          className="button chosen-block__step"
          onClick={() => step(1)}
          disabled={index === last}
          aria-label={`Later ${kind}`}
        >
          ›
        </button>
      </div>
      {provenanceOffered ? (
        <Link className="button chosen-block__link" to={provenanceAddress(symbol, block)}>
          How this price was made
        </Link>
      ) : null}
      <p className="chosen-block__hint muted">
        Click a {kind} on the chart to choose it.
        {blocks > 1 && provenanceOffered
          ? ` A ${scale} ${kind} holds ${blocks} blocks of 120 s: this opens its last, where it closed.`
          : ""}
      </p>
    </fieldset>
  );
}

/** The point's time as the chart's tooltip writes it: in the zone, named, or as a UTC day. */
function pointTime(time: number, zone: TimeZone, utcDays: boolean): string {
  if (utcDays) return `${formatDayIn(time, UTC)} (${UTC_DAYS_LABEL})`;
  return `${formatDateTimeIn(time, zone)} ${timeZoneAbbreviation(zone, time)}`;
}

/** The main series' id in the chart model. */
const MAIN = seriesIdOf(null, true);

/** What the chart holds of the main series when it ends where `response` does, else the response. */
function heldWithResponse(held: SeriesData | null, response: SeriesData | undefined): SeriesData | undefined {
  if (!response || !held || isCandles(held) !== isCandles(response)) return response;
  const n = response.times.length;
  const m = held.times.length;
  if (n === 0 || m < n || held.times[m - 1] !== response.times[n - 1]) return response;
  return held;
}
