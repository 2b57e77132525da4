// The listeners of a source's live trades (TradeSource.follow). A listener that throws is logged and the
// others are still told: a live stream's fault must never reach the feed that hands the market its trades.
import type { SourceTrade, TradeListener } from "../market/trade-source.ts";

export class TradeListeners {
  private readonly listeners = new Set<TradeListener>();

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  get size(): number {
    return this.listeners.size;
  }

  /** Adds `listener`; returns its stop (a second call does nothing). */
  add(listener: TradeListener): () => void {
    // A wrapper per follow: a function that follows twice hears twice, and each stop removes its own.
    const own: TradeListener = (trades) => listener(trades);
    this.listeners.add(own);
    return () => {
      this.listeners.delete(own);
    };
  }

  /** Tells every listener of `trades` (nothing when there are none). */
  tell(trades: readonly SourceTrade[]): void {
    if (trades.length === 0) return;
    // Those following when the trades came, less any a listener stops meanwhile: after its stop, nothing.
    for (const listener of [...this.listeners]) {
      if (!this.listeners.has(listener)) continue;
      try {
        listener(trades);
      } catch (error) {
        this.log(`trades: a listener failed: ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
