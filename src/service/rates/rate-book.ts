// The interest-rate fixings the endpoints answer from: kept in the store, held in memory per type
// (a few thousand small records), and topped up as new fixings are published.
import type { InterestRate, InterestRateMeta } from "../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import type { RateRecord, Store } from "../store/store.ts";
import { allRateHistories, type RateFixing } from "./history.ts";
import { latestOnOrBefore } from "./rate-date.ts";

/** How often (market time) the book looks for newly published fixings. */
const REFRESH_EVERY_MS = 10 * 60 * 1000;

export function isRateType(symbol: string): symbol is RateType {
  return Object.hasOwn(RATE_TYPES, symbol);
}

export function interestRateResource(record: RateRecord): InterestRate {
  return {
    symbol: record.symbol,
    value: record.value,
    publicationTime: record.publicationTime,
    effectiveDate: `${record.effectiveDate}T00:00:00Z`,
    source: record.source,
  };
}

export class RateBook {
  private fixings = new Map<string, RateRecord[]>();
  private nextRefreshMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly store: Store) {}

  /** Stores the fixings published by `nowMs` that the store lacks, then reloads the book; true if any. */
  refresh(nowMs: number): boolean {
    if (nowMs < this.nextRefreshMs) return false;
    this.nextRefreshMs = nowMs + REFRESH_EVERY_MS;
    const published = allRateHistories(new Date(nowMs));
    if (this.fixings.size === 0) this.fixings = this.load();
    const known = this.fixings;
    const fresh = published.filter((f) => {
      const list = known.get(f.symbol);
      const last = list?.[list.length - 1];
      return !last || f.effectiveDate > last.effectiveDate;
    });
    if (fresh.length === 0) return false;
    this.store.insertRates(fresh);
    this.fixings = this.load();
    return true;
  }

  private load(): Map<string, RateRecord[]> {
    const map = new Map<string, RateRecord[]>();
    for (const symbol of RATE_TYPE_SYMBOLS) map.set(symbol, this.store.rateFixings(symbol));
    return map;
  }

  meta(): InterestRateMeta[] {
    return RATE_TYPE_SYMBOLS.map((symbol) => ({
      symbol,
      firstDate: `${RATE_TYPES[symbol].firstDate}T00:00:00Z`,
      decimals: RATE_TYPES[symbol].decimals,
      issuer: RATE_TYPES[symbol].issuer,
    }));
  }

  latest(type: RateType): RateRecord | undefined {
    const list = this.fixings.get(type) ?? [];
    return list[list.length - 1];
  }

  /** The latest fixing effective on or before `date`, at most 30 days before it. */
  onOrBefore(type: RateType, date: string): RateRecord | undefined {
    const fixings = (this.fixings.get(type) ?? []) as RateFixing[];
    return latestOnOrBefore(fixings, date, 30);
  }

  /** Fixings effective from `from` to `to` inclusive, ascending. */
  range(type: RateType, from: string, to: string): RateRecord[] {
    return (this.fixings.get(type) ?? []).filter((f) => f.effectiveDate >= from && f.effectiveDate <= to);
  }
}
