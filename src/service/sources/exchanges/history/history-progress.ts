// How far the history from candles is, per exchange and resolution: told to GET /status (each exchange's
// backfill) as it moves, and to the terminal in a line every few seconds at most, never a line per request.
import type { CandleResolution, ExchangeHealth, HistoryStretch } from "../../../market/trade-source.ts";

const NAMES: Record<CandleResolution, string> = { "1m": "1-minute", "1h": "hourly", "1d": "daily" };
/** Shown finest first: the order of the chart's ranges. */
const ORDER: readonly CandleResolution[] = ["1m", "1h", "1d"];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class HistoryProgress {
  private readonly stretches = new Map<string, Map<CandleResolution, HistoryStretch>>();
  private lastLineAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly exchanges: readonly string[],
    private readonly publish: (exchange: string, backfill: ExchangeHealth["backfill"]) => void,
    private readonly log: (line: string) => void,
    private readonly lineEveryMs = 5000,
    private readonly clock: () => number = Date.now,
  ) {
    for (const exchange of exchanges) this.stretches.set(exchange, new Map());
  }

  /** A resolution's stretch, waiting to be filled: its candles' range and each exchange's steps. */
  declare(
    resolution: CandleResolution,
    range: { fromMs: number; toMs: number },
    total: (exchange: string) => number,
    coveredFromMs: (exchange: string) => number | null = () => null,
  ): void {
    for (const exchange of this.exchanges) {
      const t = total(exchange);
      this.stretches.get(exchange)?.set(resolution, {
        resolution,
        ...range,
        coveredFromMs: coveredFromMs(exchange),
        state: t === 0 ? "done" : "waiting",
        done: 0,
        total: t,
      });
      this.push(exchange);
    }
  }

  start(resolution: CandleResolution): void {
    const stretch = this.stretchesOf(resolution)[0];
    if (stretch)
      this.log(
        `market: history from ${NAMES[resolution]} candles: ${isoDay(stretch.fromMs)} to ${isoDay(stretch.toMs)}`,
      );
    this.update(resolution, (s) => {
      if (s.state === "waiting") s.state = "running";
    });
  }

  /** One exchange took a step (a pair's request got its response, or failed). */
  step(exchange: string, resolution: CandleResolution): void {
    const stretch = this.stretches.get(exchange)?.get(resolution);
    if (!stretch) return;
    stretch.done = Math.min(stretch.total, stretch.done + 1);
    this.push(exchange);
    this.line(resolution);
  }

  /** Blocks of 1-minute candles stored, the same for every exchange (they are fetched and stored together). */
  blocks(done: number): void {
    this.update("1m", (s) => {
      s.done = done;
    });
    this.line("1m");
  }

  /** A resolution is done; `coveredFromMs` is what each exchange gave. */
  finish(resolution: CandleResolution, coveredFromMs: (exchange: string) => number | null): void {
    this.update(resolution, (s, exchange) => {
      s.state = "done";
      s.done = s.total;
      s.coveredFromMs = coveredFromMs(exchange);
    });
    const reached = this.exchanges
      .map((exchange) => {
        const from = this.stretches.get(exchange)?.get(resolution)?.coveredFromMs;
        return from === null || from === undefined ? null : `${exchange} from ${isoDay(from)}`;
      })
      .filter((part) => part !== null);
    this.log(
      `market: history from ${NAMES[resolution]} candles: done${reached.length > 0 ? `; ${reached.join(", ")}` : ""}`,
    );
  }

  private stretchesOf(resolution: CandleResolution): HistoryStretch[] {
    return this.exchanges.flatMap((exchange) => this.stretches.get(exchange)?.get(resolution) ?? []);
  }

  private update(resolution: CandleResolution, change: (s: HistoryStretch, exchange: string) => void): void {
    for (const exchange of this.exchanges) {
      const stretch = this.stretches.get(exchange)?.get(resolution);
      if (!stretch) continue;
      change(stretch, exchange);
      this.push(exchange);
    }
  }

  /** The progress line, when the last one is old enough: each exchange's share of its steps. */
  private line(resolution: CandleResolution): void {
    const now = this.clock();
    if (now - this.lastLineAt < this.lineEveryMs) return;
    this.lastLineAt = now;
    const stretches = this.stretchesOf(resolution);
    const first = stretches[0];
    if (resolution === "1m" && first) {
      this.log(`market: history from 1-minute candles: ${first.done}/${first.total} blocks`);
      return;
    }
    const parts = this.exchanges.flatMap((exchange) => {
      const s = this.stretches.get(exchange)?.get(resolution);
      return s && s.total > 0 ? [`${exchange} ${s.done}/${s.total}`] : [];
    });
    this.log(`market: history from ${NAMES[resolution]} candles: ${parts.join(", ")} pairs' requests`);
  }

  private push(exchange: string): void {
    const byResolution = this.stretches.get(exchange);
    if (!byResolution) return;
    const history = ORDER.flatMap((r) => {
      const s = byResolution.get(r);
      return s ? [{ ...s }] : [];
    });
    const minute = byResolution.get("1m");
    this.publish(exchange, {
      state: history.every((s) => s.state === "done") ? "done" : "running",
      doneBlocks: minute?.done ?? 0,
      totalBlocks: minute?.total ?? 0,
      history,
    });
  }
}
