// The events both servers of bench:streams send, from the same code: one price a second for each symbol,
// the symbols' turns spread evenly over the second (a market's prices arrive through the second, not in one
// burst), each stamped with the moment it is made so that a reader times its delay from it.
import type { LiveEvent } from "../src/interface/live-events.ts";
import { COINS } from "../src/service/catalog/catalog.ts";
import { EventIds } from "../src/service/live/live-event.ts";

/** The symbols the streams follow, one each, in turn: every coin of the catalog. */
export const STREAM_SYMBOLS = COINS.map((coin) => coin.symbol);

export type PriceData = LiveEvent<"price">;

/**
 * Calls `send` with each symbol's next price, one symbol every 1000 / symbols ms, until stopped. Each turn's
 * moment is computed from the start, so a late timer does not make the rate drift.
 */
export function tickPrices(send: (data: PriceData) => void): () => void {
  const ids = new EventIds();
  const stepMs = 1000 / STREAM_SYMBOLS.length;
  const started = performance.now();
  let turn = 0;
  let timer: NodeJS.Timeout | null = null;
  const next = () => {
    const now = performance.now();
    // Turns that came due while the timer waited go now, in order: the rate stays one a second each.
    while (started + turn * stepMs <= now) {
      const i = turn % STREAM_SYMBOLS.length;
      const symbol = STREAM_SYMBOLS[i] as string;
      // A price of a realistic length (nine significant digits), moving a little each second.
      const price = Number(((i + 1) * 1234.5678 * (1 + 0.001 * Math.sin(turn / 7))).toPrecision(9));
      const time = new Date().toISOString();
      send({ id: ids.next(), time, symbol, price });
      turn++;
    }
    timer = setTimeout(next, Math.max(0, started + turn * stepMs - performance.now()));
  };
  next();
  return () => {
    if (timer) clearTimeout(timer);
  };
}
