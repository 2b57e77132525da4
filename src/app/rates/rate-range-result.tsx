// The fixings of one (type, range): their summary, their line, then every fixing newest first.
import { useMemo } from "react";
import type { InterestRate } from "../../interface/resources.ts";
import { RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { QueryView } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { useInterestRateRange } from "./queries/interest-rate.ts";
import { dayOf, weekdayOf } from "./rate-days.ts";
import { formatPublished, formatRateChange, formatRateValue, type RateUnit, unitOf } from "./rate-format.ts";
import { RateRangeChart } from "./rate-range-chart.tsx";
import { newestFirst, summarise } from "./rate-stats.ts";
import type { DayRange } from "./rates-search.ts";

export function RateRangeResult({
  type,
  range,
  decimals,
}: {
  type: RateType;
  range: DayRange;
  decimals: number;
}) {
  const query = useInterestRateRange(type, range.from, range.to);
  const what = `the ${type} fixings from ${range.from} to ${range.to}`;
  return (
    <div className="rate-range__result">
      <QueryView
        query={query}
        queryKey={queryKeys.interestRateRange(type, range.from, range.to)}
        what={what}
        skeleton={<SkeletonRows rows={8} columns={3} label={what} />}
      >
        {(fixings) => <Fixings fixings={fixings} type={type} range={range} decimals={decimals} />}
      </QueryView>
    </div>
  );
}

function Fixings({
  fixings,
  type,
  range,
  decimals,
}: {
  fixings: InterestRate[];
  type: RateType;
  range: DayRange;
  decimals: number;
}) {
  const rows = useMemo(() => newestFirst(fixings), [fixings]);
  const summary = useMemo(() => summarise(fixings), [fixings]);
  const unit = unitOf(type);
  if (summary === null) {
    const first = RATE_TYPES[type].firstDate;
    return (
      <p className="rate-range__prompt" role="status">
        No {type} fixings from {range.from} to {range.to}
        {range.to < first ? ` (${type} is published from ${first} on)` : ""}. Fixings are published for
        business days only.
      </p>
    );
  }
  const value = (v: number) => formatRateValue(v, decimals, unit);
  return (
    <>
      <dl className="rate-summary" aria-label={`Summary of the ${type} fixings shown`}>
        <Stat term="Fixings" detail={String(summary.count)} />
        <Stat term="Lowest" detail={value(summary.min.value)} note={summary.min.day} />
        <Stat term="Highest" detail={value(summary.max.value)} note={summary.max.day} />
        <Stat term="Mean" detail={value(summary.mean)} />
        <Stat term="Change" detail={formatRateChange(summary.change, decimals, unit)} note="first to last" />
      </dl>
      <RateRangeChart fixings={fixings} type={type} range={range} decimals={decimals} />
      <FixingsTable rows={rows} type={type} range={range} value={value} unit={unit} />
    </>
  );
}

function Stat({ term, detail, note }: { term: string; detail: string; note?: string }) {
  return (
    <div className="rate-summary__item">
      <dt>{term}</dt>
      <dd>
        <span className="rate-summary__value">{detail}</span>
        {note ? <span className="rate-summary__note">{note}</span> : null}
      </dd>
    </div>
  );
}

function FixingsTable({
  rows,
  type,
  range,
  value,
  unit,
}: {
  rows: InterestRate[];
  type: RateType;
  range: DayRange;
  value: (v: number) => string;
  unit: RateUnit;
}) {
  const zone = useTimeZone();
  return (
    <div className="table-scroll rate-range__scroll">
      <table className="data-table">
        <caption className="visually-hidden">
          {type} fixings from {range.from} to {range.to}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="num">
              {unit.index ? "Index level" : "Value"}
            </th>
            <th scope="col">Published ({timeZoneAbbreviation(zone)})</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((fixing) => {
            const day = dayOf(fixing.effectiveDate);
            return (
              <tr key={day}>
                <td>
                  <time dateTime={day}>{day}</time> <span className="muted">{weekdayOf(day)}</span>
                </td>
                <td className="num">{value(fixing.value)}</td>
                <td className="muted">
                  <time dateTime={fixing.publicationTime}>
                    {formatPublished(fixing.publicationTime, zone, { short: true })}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
