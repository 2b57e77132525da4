// The arithmetic of a sliding window over send times (epoch ms, ascending), apart from the budget's queue
// and timers so it can be checked on its own. A send at s counts while now < s + windowMs, as at the service.

/** The sends that still count at `now`. */
export function sendsInWindow(times: readonly number[], now: number, windowMs: number): number[] {
  const cutoff = now - windowMs;
  let first = 0;
  while (first < times.length && (times[first] ?? cutoff) <= cutoff) first++;
  return times.slice(first);
}

/**
 * Both logs in one, each time kept as often as the log holding it most often: the shared log usually holds
 * our own sends already, but another tab may have overwritten it without them.
 */
export function mergeSendLogs(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i] ?? Number.POSITIVE_INFINITY;
    const y = b[j] ?? Number.POSITIVE_INFINITY;
    merged.push(Math.min(x, y));
    if (x <= y) i++;
    if (y <= x) j++;
  }
  return merged;
}

/** A time in the future (the clock was set back) reads as `now`, or it would hold its slot that much longer. */
export function clampToNow(times: readonly number[], now: number): number[] {
  return times.map((time) => Math.min(time, now)).sort((a, b) => a - b);
}

/** When the next start fits under `limit` given the `counted` sends in the window; null if one fits now. */
export function slotFreesAt(counted: readonly number[], limit: number, windowMs: number): number | null {
  if (counted.length < limit) return null;
  return (counted[counted.length - limit] ?? 0) + windowMs;
}

/** The earliest start of each of the next `count` tasks in line, none before `from`, each start counted. */
export function plannedStarts(
  counted: readonly number[],
  limit: number,
  windowMs: number,
  from: number,
  count: number,
): number[] {
  const log = [...counted];
  const starts: number[] = [];
  let at = from;
  for (let k = 0; k < count; k++) {
    at = Math.max(at, slotFreesAt(log, limit, windowMs) ?? at);
    starts.push(at);
    log.push(at);
  }
  return starts;
}
