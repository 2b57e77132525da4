// The selected rate type's value on a chosen date, or the latest: one request per committed date, not
// per keystroke (use-date-draft.ts).
import { RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { utcDay } from "./queries/interest-rate.ts";
import { RateValueResult } from "./rate-value-result.tsx";
import { useDateDraft } from "./use-date-draft.ts";

export function RateValuePanel({
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
  const meta = RATE_TYPES[type];
  const input = useDateDraft(date, onDateChange);
  return (
    <section className="card rate-value" aria-labelledby="rate-value-title">
      <h2 id="rate-value-title" className="rate-value__title">
        <span className="rate-value__symbol">{type}</span>
        <span className="rate-value__name">{meta.name}</span>
      </h2>
      <p className="rate-value__facts muted">
        {meta.issuer} · since {meta.firstDate} · {decimals} decimals
      </p>
      <div className="rate-value__controls">
        <div className="field">
          <label htmlFor="rate-date">Date</label>
          <input
            id="rate-date"
            type="date"
            min={meta.firstDate}
            max={utcDay()}
            aria-describedby="rate-date-hint"
            {...input}
          />
        </div>
        <button type="button" className="button" disabled={date === null} onClick={() => onDateChange(null)}>
          Latest
        </button>
      </div>
      <p id="rate-date-hint" className="field__hint">
        Leave empty for the latest fixing. A weekend or holiday shows the previous business day's fixing.
      </p>
      <RateValueResult type={type} date={date} decimals={decimals} onDateChange={onDateChange} />
    </section>
  );
}
