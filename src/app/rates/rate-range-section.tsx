// The fixings of the selected type over a range: only "Show fixings" asks for them, so typing dates spends
// nothing; the range stays when the type changes, so the same range for another type is one press away.
import { type FormEvent, useState } from "react";
import { RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import { utcDay } from "./queries/interest-rate.ts";
import { RateRangeResult } from "./rate-range-result.tsx";
import { checkRange, type DayRange, defaultRange } from "./rates-search.ts";

function keyOf(range: DayRange | null): string {
  return range === null ? "" : `${range.from}|${range.to}`;
}

export function RateRangeSection({
  type,
  range,
  decimals,
  onShow,
}: {
  type: RateType;
  /** The range in the address: the one listed, or null when none was asked for. */
  range: DayRange | null;
  decimals: number;
  onShow: (range: DayRange) => void;
}) {
  const today = utcDay();
  const [draft, setDraft] = useState<DayRange>(() => range ?? defaultRange(type, today));
  const [seen, setSeen] = useState(keyOf(range));
  const [error, setError] = useState<string | null>(null);
  if (seen !== keyOf(range)) {
    // A new range in the address (a submit, back/forward, a link): the form shows it.
    setSeen(keyOf(range));
    if (range !== null) setDraft(range);
    setError(null);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkRange(draft.from, draft.to);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    // The same range again is already on screen (or failing, with its own "Try again"): no request.
    if (keyOf(checked.range) !== keyOf(range)) onShow(checked.range);
  };

  const first = RATE_TYPES[type].firstDate;
  return (
    <section className="card rate-range" aria-labelledby="rate-range-title">
      <h2 id="rate-range-title">{type} fixings</h2>
      <form className="rate-range__form" onSubmit={submit} noValidate aria-describedby="rate-range-hint">
        {(["from", "to"] as const).map((end) => (
          <div className="field" key={end}>
            <label htmlFor={`range-${end}`}>{end === "from" ? "From" : "To"}</label>
            <input
              id={`range-${end}`}
              type="date"
              min={first}
              max={today}
              value={draft[end]}
              aria-invalid={error !== null}
              aria-errormessage={error !== null ? "range-error" : undefined}
              onChange={(event) => setDraft({ ...draft, [end]: event.target.value })}
            />
          </div>
        ))}
        <button type="submit" className="button button--primary">
          Show fixings
        </button>
      </form>
      {error !== null ? (
        <p id="range-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p id="rate-range-hint" className="field__hint">
        One fixing per business day, from {first} on. Each new range is one request.
      </p>
      {range === null ? (
        <p className="rate-range__prompt">
          Choose a range and press <strong>Show fixings</strong> to list the {type} fixings.
        </p>
      ) : (
        <RateRangeResult type={type} range={range} decimals={decimals} />
      )}
    </section>
  );
}
