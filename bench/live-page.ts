// bench:live's side in the page, and how what it saw is paired. The watcher (an init script, before the
// app's own scripts) records three things, each with Date.now() and one sequence number shared by all, so
// their order in the page is known:
//  - the stream as it arrives: window.fetch is wrapped so that the body of GET /v1/stream passes through a
//    TransformStream on its way to the app's own reader, which counts its bytes and reads its events (a
//    price's symbol, price and `time`, the newest trade it includes; a candle's OHLC and `time`);
//  - the coin list's price cells changing: a MutationObserver on the document; a change inside a row's
//    `.coins-price` is that row's symbol's cell changing, with its text;
//  - the chart's forming candle drawn: the candlestick series' `update` calls (the probe the bench's build
//    adds to lightweight-charts, bench/live/vite.config.ts), with the bar it was given.
// Each change also gets the time of the next animation frame (the frame that paints it).
// A string, not a function: tsx would wrap a function's inner closures in helpers the page does not have.
import { formatPrice } from "../src/app/format/numbers.ts";
import { type LivePrice, nextLivePrice } from "../src/app/live/live-store.ts";

/** An event of the stream as it came by the watcher. */
export interface SeenEvent {
  seq: number;
  /** When it came by, epoch ms. */
  at: number;
  kind: "price" | "candle";
  /** The symbol of a price; "candle" for a candle (the chart follows one series, the `open` event names it). */
  key: string;
  /** Its `time`: the newest trade it includes, epoch ms. */
  time: number;
  /** What it should make the page show: a price's number, a candle's [time s, open, high, low, close]. */
  value: number | number[];
}

/** A change the page made: a price cell's text, or a candlestick update's bar. */
export interface SeenChange {
  seq: number;
  at: number;
  /** The next animation frame after it, epoch ms (null: none came before the page was read). */
  frameAt: number | null;
  key: string;
  /** The cell's text, or the bar as JSON [time s, open, high, low, close]. */
  text: string;
}

export interface PageRecord {
  opened: { at: number; subjects: unknown } | null;
  events: SeenEvent[];
  cells: SeenChange[];
  candles: SeenChange[];
  /** [epoch ms, bytes] of each chunk of the stream's body. */
  chunks: [number, number][];
}

export const LIVE_WATCH = `(() => {
  const bench = (window.__liveBench = { seq: 0, opened: null, events: [], cells: [], candles: [], chunks: [] });
  const next = () => ++bench.seq;
  const framed = [];
  const onFrame = (change) => {
    framed.push(change);
    if (framed.length === 1) requestAnimationFrame(() => {
      const at = Date.now();
      for (const c of framed.splice(0)) c.frameAt = at;
    });
  };

  const originalFetch = window.fetch;
  window.fetch = async function (input, init) {
    const response = await originalFetch.call(this, input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname !== "/v1/stream" || !response.ok || !response.body) return response;
    const decoder = new TextDecoder();
    let buffer = "";
    const read = (block, at) => {
      let name = "message";
      const data = [];
      for (const line of block.split("\\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length === 0) return;
      let value;
      try { value = JSON.parse(data.join("\\n")); } catch { return; }
      if (name === "open") bench.opened = { at, subjects: value.subjects };
      else if (name === "price") {
        bench.events.push({ seq: next(), at, kind: "price", key: value.symbol, time: Date.parse(value.time), value: value.price });
      } else if (name === "candle") {
        const c = value.candle;
        bench.events.push({
          seq: next(), at, kind: "candle",
          key: "candle",
          time: Date.parse(value.time),
          value: [Date.parse(c.start) / 1000, c.open, c.high, c.low, c.close],
        });
      }
    };
    const watch = new TransformStream({
      transform(chunk, controller) {
        const at = Date.now();
        bench.chunks.push([at, chunk.byteLength]);
        buffer += decoder.decode(chunk, { stream: true });
        const blocks = buffer.split("\\n\\n");
        buffer = blocks.pop();
        for (const block of blocks) read(block, at);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(watch), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  new MutationObserver((records) => {
    const at = Date.now();
    const seq = next();
    const seen = new Set();
    for (const record of records) {
      const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const cell = element && element.closest(".coins-price");
      if (!cell || seen.has(cell)) continue;
      seen.add(cell);
      const symbol = cell.closest("tr")?.querySelector(".coins-col-symbol")?.textContent;
      if (!symbol) continue;
      const change = { seq, at, frameAt: null, key: symbol, text: cell.textContent };
      bench.cells.push(change);
      onFrame(change);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });

  globalThis.__liveBenchSeriesUpdate = (type, bar) => {
    if (type !== "Candlestick") return;
    const change = {
      seq: next(), at: Date.now(), frameAt: null, key: "candle",
      text: JSON.stringify([bar.time, bar.open, bar.high, bar.low, bar.close]),
    };
    bench.candles.push(change);
    onFrame(change);
  };
})();`;

/** What became of an event: the change that showed it, or why none did. */
export interface Outcome {
  event: SeenEvent;
  /** "replaced": a newer event of its key came before the page changed, and the page showed that one. */
  outcome: "shown" | "replaced" | "not shown";
  change: SeenChange | null;
}

/**
 * Pairs each change with the event that made it. Per key, in the page's order: a change's candidates are
 * the events of its key that came by before it and were not yet paired. The page shows the newest value
 * it has, so the change shows the last run of candidates whose value it shows (the newest matching one and
 * those just before it that show alike); the oldest of that run is the one paired, so where events show
 * alike the earlier is charged. Older candidates were replaced before the page changed. A page changes
 * nothing for an event that shows as it already does (a price equal to the cent), so pairing the oldest
 * matching candidate instead would pair a later change with a stale look-alike and charge every later
 * change of that key a growing delay the page never had. Changes no event explains (a redraw of what was
 * shown, a list refreshed) are returned apart.
 */
export function pairChanges(
  events: readonly SeenEvent[],
  changes: readonly SeenChange[],
  shows: (change: SeenChange, event: SeenEvent) => boolean,
): { outcomes: Outcome[]; unexplained: SeenChange[] } {
  const byKey = new Map<string, Outcome[]>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    const list = byKey.get(event.key) ?? [];
    list.push({ event, outcome: "not shown", change: null });
    byKey.set(event.key, list);
  }
  const nextOf = new Map<string, number>();
  const unexplained: SeenChange[] = [];
  for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
    const list = byKey.get(change.key) ?? [];
    const from = nextOf.get(change.key) ?? 0;
    let newest = -1;
    for (let i = from; i < list.length && (list[i] as Outcome).event.seq < change.seq; i++) {
      if (shows(change, (list[i] as Outcome).event)) newest = i;
    }
    if (newest < 0) {
      unexplained.push(change);
      continue;
    }
    let found = newest;
    while (found > from && shows(change, (list[found - 1] as Outcome).event)) found--;
    for (let i = from; i <= newest; i++) if (i !== found) (list[i] as Outcome).outcome = "replaced";
    const shown = list[found] as Outcome;
    shown.outcome = "shown";
    shown.change = change;
    nextOf.set(change.key, newest + 1);
  }
  return { outcomes: [...byKey.values()].flat(), unexplained };
}

/**
 * What a price cell shows after each price event of `events` (by seq): the price as the coin list formats it
 * (USD, en-US) and the mark of its last move, ▲ or ▼, by the live store's own rule (nextLivePrice). The
 * mark matters: a move within the cent changes only the mark, and matching on the number alone charged
 * that change to the first of every earlier event of the same cent.
 */
export function priceCellTexts(events: readonly SeenEvent[]): Map<number, string> {
  const texts = new Map<number, string>();
  const shown = new Map<string, { live: LivePrice; text: string }>();
  for (const event of [...events].sort((a, b) => a.seq - b.seq)) {
    if (event.kind !== "price") continue;
    const before = shown.get(event.key);
    const live = nextLivePrice(before?.live, event.value as number, event.time, event.at);
    if (live === null) {
      texts.set(event.seq, before?.text ?? "");
      continue;
    }
    const mark = live.previous === null ? "" : live.price > live.previous ? "▲" : "▼";
    const text = `${formatPrice(live.price, "USD", "en-US")}${mark}`;
    shown.set(event.key, { live, text });
    texts.set(event.seq, text);
  }
  return texts;
}

/** A price cell shows a price event when its text is what the cell shows after that event (priceCellTexts). */
export function cellShowsPrice(texts: ReadonlyMap<number, string>) {
  return (change: SeenChange, event: SeenEvent): boolean => change.text === texts.get(event.seq);
}

/** A candlestick update shows a candle when its bar is the candle's bucket and OHLC. */
export function barShowsCandle(change: SeenChange, event: SeenEvent): boolean {
  return change.text === JSON.stringify(event.value);
}
