// The interest-rate fixings the endpoints serve: stored, cached in memory per type (a few thousand small
// records), and topped up by the rate source (rate-source.ts) as new fixings are published.
import type { InterestRate, InterestRateMeta } from "../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../interface/vocabulary.ts";
import type { RateRecord, Store } from "../store/store.ts";
import { HistorySource } from "./history-source.ts";
import { latestOnOrBefore } from "./rate-date.ts";
import type { RateSink, RateSource, RatesSourceStatus } from "./rate-source.ts";

/** The store's note of which source its fixings came from. */
const RATES_SOURCE_META = "rates_source";

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

function sameFixing(a: RateRecord, b: RateRecord): boolean {
  return a.value === b.value && a.publicationTime === b.publicationTime && a.source === b.source;
}

export class RateCache {
  private fixings = new Map<string, RateRecord[]>();
  private loaded = false;
  /** The store's writes of fixings, one after the other (settled() waits for them). */
  private writes: Promise<void> = Promise.resolve();
  private refreshing = false;
  private storedInRefresh = false;
  private listener: (() => void) | null = null;
  private readonly sink: RateSink = {
    newest: (type) => this.latest(type),
    store: (records) => this.store(records),
  };

  constructor(
    private readonly db: Store,
    private readonly source: RateSource = new HistorySource(),
  ) {}

  /**
   * Hands the source what is due by `nowMs`; true if fixings were stored before it returned. Fixings a
   * source stores later (an issuer's response) are told to the `onPublished` listener instead.
   */
  refresh(nowMs: number): boolean {
    if (!this.loaded) throw new Error("rates: open() the rate cache before refreshing it");
    this.refreshing = true;
    this.storedInRefresh = false;
    try {
      this.source.refresh(nowMs, this.sink);
    } finally {
      this.refreshing = false;
    }
    return this.storedInRefresh;
  }

  /** Called after fixings arrive between refreshes (responses are cached: the caches must go). */
  onPublished(listener: () => void): void {
    this.listener = listener;
  }

  ratesSource(): RatesSourceStatus {
    return this.source.status();
  }

  /** Resolves when the source has nothing under way and every fixing is stored (tests; a clean stop). */
  async settled(): Promise<void> {
    await this.source.settled();
    await this.writes;
  }

  /** Resolves once the fixings taken so far are in the store (before others are told of them). */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** Reads the stored fixings (adopting the configured source's first). Before the first refresh. */
  async open(): Promise<void> {
    await this.adoptSource();
    await this.reload();
  }

  /** Reads the stored fixings again: another process (a cluster's ingest) stored new ones. */
  async reload(): Promise<void> {
    const lists = await Promise.all(RATE_TYPE_SYMBOLS.map((symbol) => this.db.rateFixings(symbol)));
    this.fixings = new Map(RATE_TYPE_SYMBOLS.map((symbol, i) => [symbol, lists[i] ?? []]));
    this.loaded = true;
  }

  close(): void {
    this.source.close();
  }

  /**
   * The store keeps fixings of one source only: generated histories are not mixed with the issuers' real
   * fixings. A data directory that changes source drops the other's fixings (the issuers' are fetched
   * again; the generated ones are generated again). One made before the note existed holds generated ones.
   */
  private async adoptSource(): Promise<void> {
    const noted = await this.db.getMeta(RATES_SOURCE_META);
    if (noted === this.source.name) return;
    const lists = await Promise.all(RATE_TYPE_SYMBOLS.map((type) => this.db.rateFixings(type)));
    const holdsAny = lists.some((list) => list.length > 0);
    const from = noted ?? (holdsAny ? "history" : this.source.name);
    // Deleted before the note: a stop in between deletes again at the next start, never keeps a mix.
    if (from !== this.source.name) await this.db.deleteRates();
    await this.db.setMeta(RATES_SOURCE_META, this.source.name);
  }

  private store(records: readonly RateRecord[]): number {
    const changed = records.filter((record) => {
      const known = latestOnOrBefore(this.fixings.get(record.symbol) ?? [], record.effectiveDate, 0);
      return known?.effectiveDate !== record.effectiveDate || !sameFixing(known, record);
    });
    if (changed.length === 0) return 0;
    for (const symbol of new Set(changed.map((r) => r.symbol))) {
      const byDate = new Map((this.fixings.get(symbol) ?? []).map((r) => [r.effectiveDate, r]));
      for (const record of changed) if (record.symbol === symbol) byDate.set(record.effectiveDate, record);
      this.fixings.set(
        symbol,
        [...byDate.values()].sort((a, b) => (a.effectiveDate < b.effectiveDate ? -1 : 1)),
      );
    }
    // Served from memory at once; stored in order behind (a failed write is logged, and fetched again
    // after a restart, since the store then lacks it).
    const stored = this.writes.then(() => this.db.insertRates(changed));
    this.writes = stored.catch((error) =>
      console.error(
        `rates: storing ${changed.length} fixings failed: ${error instanceof Error ? error.message : error}`,
      ),
    );
    if (this.refreshing) this.storedInRefresh = true;
    else void this.writes.then(() => this.listener?.());
    return changed.length;
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
    return latestOnOrBefore(this.fixings.get(type) ?? [], date, 30);
  }

  /** Fixings effective from `from` to `to` inclusive, ascending. */
  range(type: RateType, from: string, to: string): RateRecord[] {
    return (this.fixings.get(type) ?? []).filter((f) => f.effectiveDate >= from && f.effectiveDate <= to);
  }
}
