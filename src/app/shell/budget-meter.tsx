// The request budget in the header: the user's answer to "why is this not loading yet?".

import { useNow } from "../components/use-now.ts";
import { formatCountdown } from "../format/numbers.ts";
import { useBudgetSnapshot } from "../transport/connection-context.tsx";

export function BudgetMeter() {
  const budget = useBudgetSnapshot();
  const counting = budget.nextSlotAt !== null || budget.pausedUntil !== null;
  const now = useNow(counting);
  const full = budget.used >= budget.limit;
  const windowSeconds = Math.round(budget.windowMs / 1000);
  const summary =
    `${budget.used} of ${budget.limit} requests used in the last ${windowSeconds} s` +
    (budget.queued > 0 ? `, ${budget.queued} waiting` : "");
  return (
    <section className="budget-meter" aria-label="Request budget" title={summary}>
      <span className="budget-meter__pips" aria-hidden="true">
        {Array.from({ length: Math.min(budget.limit, 10) }, (_, i) => (
          <span
            // The pips are a fixed row of slots, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length row of slots
            key={i}
            className={i < budget.used ? "pip pip--used" : "pip"}
          />
        ))}
      </span>
      <span className="budget-meter__used" data-testid="budget-used">
        {budget.used}/{budget.limit}
      </span>
      {budget.pausedUntil !== null ? (
        <span className="budget-meter__paused" role="status">
          Paused by the service · {formatCountdown(budget.pausedUntil - now)}
        </span>
      ) : full && budget.nextSlotAt !== null ? (
        <span className="budget-meter__next">next in {formatCountdown(budget.nextSlotAt - now)}</span>
      ) : null}
      {budget.queued > 0 ? (
        <span className="budget-meter__queued" data-testid="budget-queued">
          {budget.queued} waiting
        </span>
      ) : null}
      <span className="visually-hidden">{summary}</span>
    </section>
  );
}
