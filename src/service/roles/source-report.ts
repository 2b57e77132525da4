// How the market's source is doing, as the ingest last reported it in the store (with every block): an api
// replica, which runs no source, serves /status and the X-Market-Source header from it.
import type { Clock } from "../clock.ts";
import type { ExchangeHealth, SourceStatus, TradeSource } from "../market/trade-source.ts";
import type { RatesSourceStatus } from "../rates/rate-source.ts";
import type { Store } from "../store/store.ts";

const SOURCE_REPORT_META = "source_report";

interface SourceReport {
  kind: TradeSource["kind"];
  closeGraceMs: number | null;
  health: ExchangeHealth[] | null;
  rates: RatesSourceStatus;
  /** When the ingest wrote it (wall clock, ms), and its market clock then (ms). */
  atMs: number;
  marketMs: number;
}

export function sourceReport(
  source: SourceStatus,
  rates: RatesSourceStatus,
  clocks: { wall: Clock; market: Clock },
): string {
  const report: SourceReport = {
    kind: source.kind,
    closeGraceMs: source.closeGraceMs ?? null,
    health: source.health?.() ?? null,
    rates,
    atMs: clocks.wall.now(),
    marketMs: clocks.market.now(),
  };
  return JSON.stringify(report);
}

export function sourceReportMeta(report: string): Record<string, string> {
  return { [SOURCE_REPORT_META]: report };
}

/** The source as the ingest last reported it (an api replica's view). */
export class ReportedSource implements SourceStatus {
  private report: SourceReport;

  constructor(kind: TradeSource["kind"], rates: RatesSourceStatus) {
    this.report = { kind, closeGraceMs: null, health: null, rates, atMs: 0, marketMs: 0 };
  }

  /**
   * The ingest's market clock, carried on from its last report: a replica's "now" for data is the ingest's,
   * also when the market runs faster than real time (MARKET_SPEED). Before any report, the wall clock.
   */
  marketClock(wall: Clock, speed: number): Clock {
    return {
      now: () =>
        this.report.atMs === 0 ? wall.now() : this.report.marketMs + (wall.now() - this.report.atMs) * speed,
    };
  }

  get kind(): TradeSource["kind"] {
    return this.report.kind;
  }

  get closeGraceMs(): number | undefined {
    return this.report.closeGraceMs ?? undefined;
  }

  /** Each exchange's health as reported; absent for the simulator. Made once a report, not per request. */
  health: (() => ExchangeHealth[]) | undefined;
  /** The exchanges connected, of those read (every /v1 response's header asks). */
  liveExchanges: (() => { live: number; total: number }) | undefined;

  private adopt(report: SourceReport): void {
    this.report = report;
    const health = report.health;
    if (health === null) {
      this.health = undefined;
      this.liveExchanges = undefined;
      return;
    }
    const live = { live: health.filter((h) => h.connected).length, total: health.length };
    this.health = () => health;
    this.liveExchanges = () => live;
  }

  rates(): RatesSourceStatus {
    return this.report.rates;
  }

  /** Reads the newest report; keeps the one it has when none is stored yet. */
  async reload(store: Store): Promise<void> {
    const text = await store.getMeta(SOURCE_REPORT_META);
    if (text !== null) this.adopt(JSON.parse(text) as SourceReport);
  }
}
