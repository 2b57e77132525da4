// What adding a series to the chart will cost, said before it is fetched: a request (none when cached), and
// when the budget lets it go. It asks at "visible", so only "write" and "visible" go before it.
import type { BudgetSnapshot } from "../budget/budget-snapshot.ts";
import { formatCountdown } from "../format/numbers.ts";

export interface SeriesCost {
  requests: number;
  /** Epoch ms when the request can start; `now` when at once. */
  at: number;
}

export function seriesCost(budget: BudgetSnapshot, cached: boolean, now: number): SeriesCost {
  if (cached) return { requests: 0, at: now };
  const ahead = budget.queuedByPriority.write + budget.queuedByPriority.visible;
  const free = Math.max(0, budget.limit - budget.used);
  const hold = budget.windowMs + budget.marginMs;
  let at = now;
  if (budget.pausedUntil !== null) at = Math.max(at, budget.pausedUntil);
  if (ahead >= free) {
    // Every free slot goes to those ahead; ours waits for the next slot to free, and a window more for
    // each full round of those still ahead after that.
    const first = budget.nextSlotAt ?? now + hold;
    const rounds = Math.floor((ahead - free) / budget.limit);
    at = Math.max(at, first + rounds * hold);
  }
  return { requests: 1, at };
}

/** "1 request, now", "1 request, in about 0:35", "no request (cached)". */
export function describeCost(cost: SeriesCost, now: number): string {
  if (cost.requests === 0) return "no request (cached), now";
  const requests = `${cost.requests} request${cost.requests === 1 ? "" : "s"}`;
  const wait = cost.at - now;
  return wait < 1000 ? `${requests}, now` : `${requests}, in about ${formatCountdown(wait)}`;
}
