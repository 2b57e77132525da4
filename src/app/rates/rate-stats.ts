// What a range of fixings comes to: count, extremes, mean and change; and the fixings newest first.
import type { InterestRate } from "../../interface/resources.ts";
import { dayOf } from "./rate-days.ts";

export interface Extreme {
  value: number;
  /** The effective day, `yyyy-mm-dd`. */
  day: string;
}

export interface RangeSummary {
  count: number;
  min: Extreme;
  max: Extreme;
  mean: number;
  /** Last minus first (by effective date); 0 with a single fixing. */
  change: number;
}

/** Newest effective date first; a new array. */
export function newestFirst(fixings: readonly InterestRate[]): InterestRate[] {
  return [...fixings].sort((a, b) =>
    a.effectiveDate < b.effectiveDate ? 1 : a.effectiveDate > b.effectiveDate ? -1 : 0,
  );
}

/** The summary of `fixings` in any order, or null when there are none. Ties keep the earliest day. */
export function summarise(fixings: readonly InterestRate[]): RangeSummary | null {
  const ordered = newestFirst(fixings).reverse();
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  if (first === undefined || last === undefined) return null;
  let min: Extreme = { value: first.value, day: dayOf(first.effectiveDate) };
  let max: Extreme = { ...min };
  let sum = 0;
  for (const fixing of ordered) {
    sum += fixing.value;
    if (fixing.value < min.value) min = { value: fixing.value, day: dayOf(fixing.effectiveDate) };
    if (fixing.value > max.value) max = { value: fixing.value, day: dayOf(fixing.effectiveDate) };
  }
  return { count: ordered.length, min, max, mean: sum / ordered.length, change: last.value - first.value };
}
