// The chart page's controls, each changing the URL the page reads its state from. In the candle view the
// filter is disabled and says why rather than hidden, so the controls do not jump when the view changes;
// so is the view on a service without candles.
import { CHART_SCALES, type ChartScale } from "../../interface/chart-window.ts";
import { useNow } from "../components/use-now.ts";
import { type FillingHistory, HISTORY_NAMES, useHistoryFilling } from "../shell/queries/status.ts";
import {
  allowedRanges,
  allRangeTitle,
  CHART_FILTERS,
  CHART_VIEWS,
  type ChartFilter,
  type ChartState,
  type ChartView,
  RANGE_SECONDS,
  RANGES,
  type RangePreset,
} from "./chart-params.ts";

const RANGE_NAMES: Record<RangePreset, string> = {
  "1d": "1 d",
  "7d": "7 d",
  "30d": "30 d",
  "90d": "90 d",
  "1y": "1 y",
  all: "All",
};

const VIEW_NAMES: Record<ChartView, string> = { candles: "Candles", line: "Line" };

/** Why the filter does nothing to candles. */
export const FILTER_NOT_FOR_CANDLES =
  "Candles are each bucket's own trades, unfiltered; pick Line for a filter.";

/** "Filling: hourly history 40 %" for a range some of whose history is still filling, else undefined. */
function fillingNote(
  range: RangePreset,
  filling: readonly FillingHistory[],
  nowMs: number,
): string | undefined {
  const span = RANGE_SECONDS[range];
  const from = span === null ? Number.NEGATIVE_INFINITY : nowMs - span * 1000;
  const within = filling.filter((f) => f.toMs > from);
  if (within.length === 0) return undefined;
  return `Filling: ${within.map((f) => `${HISTORY_NAMES[f.resolution]} history ${f.percent} %`).join(", ")}`;
}

/** Why the view cannot be changed on a service without candles (the public service has only the line). */
export const CANDLES_NOT_OFFERED =
  "Candles are not offered by this service, so the chart shows a filter's line.";

/** The select's value for all exchanges (no exchange is called this). */
const ALL_OPTION = "";

export function ChartControls({
  state,
  exchanges,
  onChange,
  candlesOffered = true,
}: {
  state: ChartState;
  /** The exchanges trading the symbol; null while they load. */
  exchanges: string[] | null;
  onChange: (change: Partial<ChartState>) => void;
  /** False once the service answered that it has no candles: the line is then the only view. */
  candlesOffered?: boolean;
}) {
  const allowed = allowedRanges(state.scale);
  const filling = useHistoryFilling();
  const now = useNow(filling.length > 0, 60_000);
  const listed = exchanges ?? [];
  // An exchange from the URL stays choosable even before (or without) the pairs naming it.
  const options =
    state.exchange !== null && !listed.includes(state.exchange) ? [state.exchange, ...listed] : listed;
  return (
    <div className="chart-controls">
      <ButtonGroup
        label="View"
        values={CHART_VIEWS}
        current={state.view}
        name={(view) => VIEW_NAMES[view]}
        onPick={(view: ChartView) => onChange({ view })}
        disabledBecause={candlesOffered ? undefined : CANDLES_NOT_OFFERED}
      />
      <label className="chart-control">
        <span className="chart-control__label">Exchange</span>
        <select
          value={state.exchange ?? ALL_OPTION}
          onChange={(event) =>
            onChange({ exchange: event.target.value === ALL_OPTION ? null : event.target.value })
          }
        >
          <option value={ALL_OPTION}>All exchanges</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <ButtonGroup
        label="Filter"
        values={CHART_FILTERS}
        current={state.filter}
        onPick={(filter: ChartFilter) => onChange({ filter })}
        disabledBecause={state.view === "candles" ? FILTER_NOT_FOR_CANDLES : undefined}
      />
      <ButtonGroup
        label="Scale"
        values={CHART_SCALES}
        current={state.scale}
        onPick={(scale: ChartScale) => onChange({ scale })}
      />
      <ButtonGroup
        label="Range"
        values={RANGES.filter((range) => allowed.includes(range))}
        current={state.range}
        name={(range) => RANGE_NAMES[range]}
        title={(range) => {
          const note = fillingNote(range, filling, now);
          const reach = range === "all" ? allRangeTitle(state.scale) : undefined;
          return reach && note ? `${reach}. ${note}` : (reach ?? note);
        }}
        mark={(range) => (fillingNote(range, filling, now) === undefined ? undefined : "◔")}
        onPick={(range: RangePreset) => onChange({ range })}
      />
    </div>
  );
}

function ButtonGroup<T extends string>({
  label,
  values,
  current,
  name = (value) => value,
  title = () => undefined,
  mark = () => undefined,
  onPick,
  disabledBecause,
}: {
  label: string;
  values: readonly T[];
  current: T;
  name?: (value: T) => string;
  /** A tooltip for a value that needs more words than its name. */
  title?: (value: T) => string | undefined;
  /** A sign after a value's name (its title says what it means), e.g. that its data is still filling. */
  mark?: (value: T) => string | undefined;
  onPick: (value: T) => void;
  /** Disables the group, this shown beneath it as the reason. */
  disabledBecause?: string | undefined;
}) {
  const noteId = `chart-${label.toLowerCase()}-note`;
  return (
    <fieldset
      className="chart-control chart-buttons"
      disabled={disabledBecause !== undefined}
      aria-describedby={disabledBecause === undefined ? undefined : noteId}
    >
      <legend className="chart-control__label">{label}</legend>
      <div className="chart-buttons__row">
        {values.map((value) => (
          <button
            key={value}
            type="button"
            className="chart-button"
            aria-pressed={value === current}
            aria-label={`${label} ${name(value)}`}
            title={title(value)}
            onClick={() => onPick(value)}
          >
            {name(value)}
            {mark(value) === undefined ? null : (
              <span className="chart-button__mark" aria-hidden="true">
                {" "}
                {mark(value)}
              </span>
            )}
          </button>
        ))}
      </div>
      {disabledBecause === undefined ? null : (
        <p id={noteId} className="chart-control__note">
          {disabledBecause}
        </p>
      )}
    </fieldset>
  );
}
