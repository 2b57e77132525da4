// The fixings of a range as a line, labelled by UTC date so the day never shifts with the reader's clock;
// drawn from the response the table shows, so it asks for nothing.
import { useCallback, useMemo } from "react";
import type { InterestRate } from "../../interface/resources.ts";
import { MiniLineChart } from "../chart-models/mini-line-chart.tsx";
import { dayOf } from "./rate-days.ts";
import { formatRateValue, unitOf } from "./rate-format.ts";
import type { DayRange } from "./rates-search.ts";

export function RateRangeChart({
  fixings,
  type,
  range,
  decimals,
}: {
  fixings: InterestRate[];
  type: string;
  range: DayRange;
  decimals: number;
}) {
  const { times, values } = useMemo(() => fixingSeries(fixings), [fixings]);
  const format = useCallback(
    (value: number) => formatRateValue(value, decimals, unitOf(type)),
    [decimals, type],
  );
  return (
    <figure className="rate-range__chart">
      <MiniLineChart
        times={times}
        values={values}
        label={`Chart of the ${type} fixings from ${range.from} to ${range.to}`}
        valueFormat={format}
        timeUnit="days"
        emptyText={`No ${type} fixings in this range.`}
      />
    </figure>
  );
}

/** Each fixing's effective day (UTC seconds) and value, in the response's order (the chart sorts them). */
export function fixingSeries(fixings: readonly InterestRate[]): {
  times: Float64Array;
  values: Float64Array;
} {
  const times = new Float64Array(fixings.length);
  const values = new Float64Array(fixings.length);
  fixings.forEach((fixing, i) => {
    times[i] = Date.parse(`${dayOf(fixing.effectiveDate)}T00:00:00Z`) / 1000;
    values[i] = fixing.value;
  });
  return { times, values };
}
