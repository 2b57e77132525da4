// What this tab knows of the live market: the newest price of each symbol, the forming candle of each
// followed series, the last trades of each followed exchange, and how the stream stands. Readers subscribe
// to one key, so a price that moves re-renders its own cell, not the page.
import { type LiveCandle, type LiveEvent, LiveEventSchemas } from "../../interface/live-events.ts";
import type { ArrivedEvent, LiveState } from "./live-reader.ts";
import { candleKey, tradesKey } from "./live-subjects.ts";

/** A symbol's live price, with the one before it, for the up/down mark. */
export interface LivePrice {
  price: number;
  previous: number | null;
  /** The newest trade it includes, epoch ms. */
  time: number;
  /** When this browser received it, epoch ms. */
  arrivedAt: number;
}

/** A followed series' newest candle, and the newest bucket the stream closed (its final candle). */
export interface LiveCandleState {
  candle: LiveCandle;
  final: boolean;
  closed: LiveCandle | null;
  arrivedAt: number;
}

/**
 * A symbol's price after a price event: its move is against the last different price, so an event at the
 * same price keeps the mark. Null for an event older than the one shown (a replay or a re-share), which
 * changes nothing.
 */
export function nextLivePrice(
  before: LivePrice | undefined,
  price: number,
  time: number,
  arrivedAt: number,
): LivePrice | null {
  if (before && time < before.time) return null;
  return {
    price,
    previous: before && before.price !== price ? before.price : (before?.previous ?? null),
    time,
    arrivedAt,
  };
}

export type LiveTrade = LiveEvent<"trades">["trades"][number];

/** How often readers are told of what changed (see notify). */
const FLUSH_MS = 100;

/** The trades kept per followed exchange: what the symbol page lists. */
const TRADES_KEPT = 30;

export class LiveStore {
  private readonly prices = new Map<string, LivePrice>();
  private readonly candles = new Map<string, LiveCandleState>();
  private readonly trades = new Map<string, LiveTrade[]>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly blockListeners = new Set<(block: LiveEvent<"block">) => void>();
  private readonly reloadListeners = new Set<() => void>();
  private state: LiveState = { kind: "idle" };
  /** When the last event arrived, by this browser's clock (not the server's); null: none yet. */
  lastArrivedAt: number | null = null;
  /** The raw newest price and candle events, for a tab that joins later (see live-tabs.ts). */
  private readonly newest = new Map<string, ArrivedEvent>();
  private readonly pending = new Set<string>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** The newest id: line seen, for the tab that takes the stream over next. */
  lastEventId: string | null = null;

  apply(event: ArrivedEvent): void {
    if (event.id !== null) this.lastEventId = event.id;
    const data = parseJson(event.data);
    switch (event.name) {
      case "price": {
        const parsed = LiveEventSchemas.price.safeParse(data);
        if (!parsed.success) break;
        const { symbol, price, time } = parsed.data;
        const next = nextLivePrice(this.prices.get(symbol), price, Date.parse(time), event.arrivedAt);
        if (next === null) break;
        this.prices.set(symbol, next);
        this.newest.set(`price:${symbol}`, event);
        this.notify(`price:${symbol}`);
        break;
      }
      case "candle": {
        const parsed = LiveEventSchemas.candle.safeParse(data);
        if (!parsed.success) break;
        const key = candleKey(parsed.data);
        const before = this.candles.get(key);
        if (before && before.candle.start > parsed.data.candle.start) {
          // A bucket's final candle after the next bucket's (the stream's standing candles for a chart
          // that follows again): it is still the closed one to draw.
          const closed = before.closed?.start ?? "";
          if (!parsed.data.final || closed > parsed.data.candle.start) break;
          this.candles.set(key, { ...before, closed: parsed.data.candle });
          this.notify(`candle:${key}`);
          break;
        }
        this.candles.set(key, {
          candle: parsed.data.candle,
          final: parsed.data.final,
          // Kept past the next bucket's first candle: a chart draws the closed bucket's final figures.
          closed: parsed.data.final ? parsed.data.candle : (before?.closed ?? null),
          arrivedAt: event.arrivedAt,
        });
        this.newest.set(`candle:${key}`, event);
        this.notify(`candle:${key}`);
        break;
      }
      case "trades": {
        const parsed = LiveEventSchemas.trades.safeParse(data);
        if (!parsed.success) break;
        const key = tradesKey(parsed.data);
        const kept = this.trades.get(key) ?? [];
        const newestKept = kept.at(-1)?.time ?? "";
        const fresh = parsed.data.trades.filter((trade) => trade.time >= newestKept);
        this.trades.set(key, [...kept, ...fresh].slice(-TRADES_KEPT));
        this.notify(`trades:${key}`);
        break;
      }
      case "block": {
        const parsed = LiveEventSchemas.block.safeParse(data);
        if (parsed.success) for (const listener of [...this.blockListeners]) listener(parsed.data);
        break;
      }
      case "reload":
        for (const listener of [...this.reloadListeners]) listener();
        break;
    }
    // Read by the header on its own once-a-second tick: telling it of every event would redraw it as often.
    this.lastArrivedAt = event.arrivedAt;
  }

  setState(state: LiveState): void {
    this.state = state;
    this.notify("state");
  }

  getState = (): LiveState => this.state;

  price(symbol: string): LivePrice | undefined {
    return this.prices.get(symbol);
  }

  candle(key: string): LiveCandleState | undefined {
    return this.candles.get(key);
  }

  tradesOf(key: string): readonly LiveTrade[] {
    return this.trades.get(key) ?? NO_TRADES;
  }

  /** The newest price and candle events as they came, to pass to a tab that has just joined. */
  newestEvents(): ArrivedEvent[] {
    return [...this.newest.values()];
  }

  /** Calls `listener` when what `key` ("price:BTC", "candle:…", "trades:…", "state") reads changes. */
  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  onBlock(listener: (block: LiveEvent<"block">) => void): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }

  /** Calls `listener` when the service says what was missed is no longer kept: load history again. */
  onReload(listener: () => void): () => void {
    this.reloadListeners.add(listener);
    return () => this.reloadListeners.delete(listener);
  }

  /**
   * Readers are told of their keys' changes together, at most every FLUSH_MS: the coin list follows every
   * price (up to 4 a second each), and a render per event kept a phone's main thread busy for seconds
   * (Lighthouse's total blocking time on the coin list, measured); one render per flush draws each moved
   * row once.
   */
  private notify(key: string): void {
    if (!this.listeners.has(key)) return;
    this.pending.add(key);
    if (this.flushTimer !== null) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      const keys = [...this.pending];
      this.pending.clear();
      for (const changed of keys) {
        const set = this.listeners.get(changed);
        if (set) for (const listener of [...set]) listener();
      }
    }, FLUSH_MS);
  }
}

const NO_TRADES: readonly LiveTrade[] = [];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
