// The arithmetic of a sliding window over send times, kept apart from the budget's queue and timers so it
// can be checked on its own. All lists are epoch ms, ascending. A send at time s counts while
// now < s + windowMs, the same rule as the service's limiter. The budget passes its window plus a safety
// margin as `windowMs` here, so a slot frees that margin after the server's would.

/** The sends that still count at `now`. */
export function sendsInWindow(times: readonly number[], now: number, windowMs: number): number[] {
  const cutoff = now - windowMs;
  let first = 0;
  while (first < times.length && (times[first] ?? cutoff) <= cutoff) first++;
  return times.slice(first);
}

/**
 * Both logs in one, each time kept as often as the log holding it most often. The shared log normally
 * already holds our own sends, so adding the two would count them twice; but another tab may have
 * overwritten the shared log without them (no lock, or a write seen late across processes), and then our own
 * copy brings them back.
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

/**
 * The times as they may be counted at `now`: a time in the future (the wall clock was set back since it
 * was logged) reads as `now`, or it would hold its slot for as long as the clock moved.
 */
export function clampToNow(times: readonly number[], now: number): number[] {
  return times.map((time) => Math.min(time, now)).sort((a, b) => a - b);
}

/**
 * When the next start fits under `limit`, given the `counted` sends (all inside the window): null if one
 * fits now. With more sends counted than the limit (the limit was lowered), it is when enough have left.
 */
export function slotFreesAt(counted: readonly number[], limit: number, windowMs: number): number | null {
  if (counted.length < limit) return null;
  return (counted[counted.length - limit] ?? 0) + windowMs;
}

/**
 * The earliest start of each of the next `count` tasks in line, none before `from`: each start is itself
 * counted, so the k-th task waits for the k-th oldest counted send to leave the window (and so on, once the
 * planned starts fill a window of their own).
 */
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
