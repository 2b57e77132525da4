// What the pages of every tab follow, as one stream's subjects: the union of what each page asked for,
// within the service's cap of each kind, in a stable order so an unchanged union is not sent again.
import { type LiveSubjects, MAX_SUBJECTS } from "../../interface/live-events.ts";

export const NO_SUBJECTS: LiveSubjects = { prices: [], trades: [], candles: [] };

/** The union of `all`, its items deduplicated and sorted; the first MAX_SUBJECTS of each kind. */
export function unionOfSubjects(all: Iterable<LiveSubjects>): LiveSubjects {
  let everyPrice = false;
  const prices = new Set<string>();
  const trades = new Map<string, LiveSubjects["trades"][number]>();
  const candles = new Map<string, LiveSubjects["candles"][number]>();
  for (const subjects of all) {
    if (subjects.prices === "all") everyPrice = true;
    else for (const symbol of subjects.prices) prices.add(symbol);
    for (const trade of subjects.trades) trades.set(`${trade.symbol}:${trade.exchange}`, trade);
    for (const candle of subjects.candles) candles.set(candleKey(candle), candle);
  }
  const sorted = <T>(entries: Map<string, T>) =>
    [...entries.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, MAX_SUBJECTS)
      .map(([, value]) => value);
  return {
    prices: everyPrice ? "all" : [...prices].sort().slice(0, MAX_SUBJECTS),
    trades: sorted(trades),
    candles: sorted(candles),
  };
}

/** Whether a stream following `subjects` follows nothing at all. */
export function followsNothing(subjects: LiveSubjects): boolean {
  return (
    subjects.prices !== "all" &&
    subjects.prices.length === 0 &&
    subjects.trades.length === 0 &&
    subjects.candles.length === 0
  );
}

/** Whether two unions are the same (both made by unionOfSubjects, so in the same order). */
export function sameSubjects(a: LiveSubjects, b: LiveSubjects): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One candle subject's key: also how the store files its forming candle. */
export function candleKey(subject: { symbol: string; exchange: string | null; scale: string }): string {
  return `${subject.symbol}:${subject.exchange ?? "all"}:${subject.scale}`;
}

/** One trades subject's key. */
export function tradesKey(subject: { symbol: string; exchange: string }): string {
  return `${subject.symbol}:${subject.exchange}`;
}
