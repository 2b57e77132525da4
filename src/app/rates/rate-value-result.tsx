// The fixing for one (type, date), and why it is another day's when the date had none. A 404 (before the
// type's first fixing) offers the first date instead of a retry, which would only spend budget.
import type { InterestRate } from "../../interface/resources.ts";
import { RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { FailureNotice, QueryView } from "../components/query-status.tsx";
import { SkeletonBlock } from "../components/skeleton.tsx";
import { queryKeys } from "../queries/query-keys.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { ApiRequestError } from "../transport/transport.ts";
import { useInterestRate } from "./queries/interest-rate.ts";
import { dayOf, weekdayOf } from "./rate-days.ts";
import { formatPublished, formatRateValue, unitOf } from "./rate-format.ts";

export function RateValueResult({
  type,
  date,
  decimals,
  onDateChange,
}: {
  type: RateType;
  date: string | null;
  decimals: number;
  onDateChange: (date: string | null) => void;
}) {
  const query = useInterestRate(type, date);
  const notFound =
    query.data === undefined && query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <div className="rate-value__result" aria-live="polite">
      {notFound ? (
        <NoFixing type={type} date={date} error={query.error} onDateChange={onDateChange} />
      ) : (
        <QueryView
          query={query}
          queryKey={queryKeys.interestRate(type, date)}
          what={`the ${type} value`}
          skeleton={<SkeletonBlock label={`the ${type} value`} height="5.5rem" />}
        >
          {(fixing) => <Fixing fixing={fixing} date={date} decimals={decimals} type={type} />}
        </QueryView>
      )}
    </div>
  );
}

function Fixing({
  fixing,
  date,
  decimals,
  type,
}: {
  fixing: InterestRate;
  date: string | null;
  decimals: number;
  type: RateType;
}) {
  const zone = useTimeZone();
  const effective = dayOf(fixing.effectiveDate);
  const unit = unitOf(type);
  return (
    <div className="rate-figure">
      <p className="rate-figure__label muted">{date === null ? "Latest fixing" : `Value on ${date}`}</p>
      <p className="rate-figure__value">
        <data value={fixing.value}>{formatRateValue(fixing.value, decimals, unit)}</data>
        {unit.index ? <span className="rate-figure__unit muted"> index level</span> : null}
      </p>
      <p className="rate-figure__meta muted">
        Effective <time dateTime={effective}>{`${weekdayOf(effective)} ${effective}`}</time> · published{" "}
        <time dateTime={fixing.publicationTime}>{formatPublished(fixing.publicationTime, zone)}</time> ·{" "}
        {fixing.source}
      </p>
      {date !== null && effective !== date ? (
        <p className="rate-figure__note">
          No {type} fixing on {`${weekdayOf(date)} ${date}`}: this is the one in force, from the business day
          before.
        </p>
      ) : null}
    </div>
  );
}

function NoFixing({
  type,
  date,
  error,
  onDateChange,
}: {
  type: RateType;
  date: string | null;
  error: unknown;
  onDateChange: (date: string | null) => void;
}) {
  const first = RATE_TYPES[type].firstDate;
  const early = date !== null && date < first;
  return (
    <>
      <FailureNotice error={error} />
      <p className="rate-value__hint">
        {early ? `${type} is published from ${first} on. ` : null}
        <button
          type="button"
          className="rates-link-button"
          onClick={() => onDateChange(early ? first : null)}
        >
          {early ? `Show ${first}` : "Show the latest fixing"}
        </button>
      </p>
    </>
  );
}
