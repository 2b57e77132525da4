// The chart page's controls: the exchange, the filter, the scale and the range. Each changes the URL; the
// page reads its state back from there.
import { CHART_SCALES, type ChartScale } from "../../interface/chart-window.ts";
import {
  allowedRanges,
  allRangeTitle,
  CHART_FILTERS,
  type ChartFilter,
  type ChartState,
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

/** The select's value for all exchanges (no exchange is called this). */
const ALL_OPTION = "";

export function ChartControls({
  state,
  exchanges,
  onChange,
}: {
  state: ChartState;
  /** The exchanges trading the symbol; null while they load. */
  exchanges: string[] | null;
  onChange: (change: Partial<ChartState>) => void;
}) {
  const allowed = allowedRanges(state.scale);
  const listed = exchanges ?? [];
  // An exchange from the URL stays choosable even before (or without) the pairs naming it.
  const options =
    state.exchange !== null && !listed.includes(state.exchange) ? [state.exchange, ...listed] : listed;
  return (
    <div className="chart-controls">
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
        title={(range) => (range === "all" ? allRangeTitle(state.scale) : undefined)}
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
  onPick,
}: {
  label: string;
  values: readonly T[];
  current: T;
  name?: (value: T) => string;
  /** A tooltip for a value that needs more words than its name. */
  title?: (value: T) => string | undefined;
  onPick: (value: T) => void;
}) {
  return (
    <fieldset className="chart-control chart-buttons">
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
          </button>
        ))}
      </div>
    </fieldset>
  );
}
