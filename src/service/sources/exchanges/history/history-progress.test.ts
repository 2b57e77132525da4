// The history's progress as /status and the terminal get it: every step published, a line every few
// seconds at most.
import { describe, expect, it } from "vitest";
import type { ExchangeHealth } from "../../../market/trade-source.ts";
import { HistoryProgress } from "./history-progress.ts";

const DAY = 86_400_000;
const FROM = Date.UTC(2025, 10, 20);
const TO = FROM + 275 * DAY;

function progressOf() {
  const lines: string[] = [];
  const published = new Map<string, ExchangeHealth["backfill"]>();
  let now = 0;
  const progress = new HistoryProgress(
    ["Binance", "Kraken"],
    (exchange, backfill) => published.set(exchange, backfill),
    (line) => lines.push(line),
    5000,
    () => now,
  );
  return { progress, lines, published, advance: (ms: number) => (now += ms) };
}

describe("the history's progress", () => {
  it("publishes each exchange's steps of a resolution, and is done only when every resolution is", () => {
    const { progress, published } = progressOf();
    progress.declare("1d", { fromMs: FROM, toMs: TO }, (e) => (e === "Binance" ? 40 : 20));
    progress.declare("1h", { fromMs: TO, toMs: TO + 90 * DAY }, () => 10);
    progress.start("1d");
    progress.step("Binance", "1d");
    progress.step("Binance", "1d");
    expect(published.get("Binance")).toEqual({
      state: "running",
      doneBlocks: 0,
      totalBlocks: 0,
      history: [
        {
          resolution: "1h",
          fromMs: TO,
          toMs: TO + 90 * DAY,
          coveredFromMs: null,
          state: "waiting",
          done: 0,
          total: 10,
        },
        {
          resolution: "1d",
          fromMs: FROM,
          toMs: TO,
          coveredFromMs: null,
          state: "running",
          done: 2,
          total: 40,
        },
      ],
    });
    progress.finish("1d", (e) => (e === "Binance" ? FROM : FROM + 100 * DAY));
    expect(published.get("Kraken")?.history?.[1]).toMatchObject({
      state: "done",
      done: 20,
      coveredFromMs: FROM + 100 * DAY,
    });
    expect(published.get("Kraken")?.state).toBe("running");
    progress.start("1h");
    progress.finish("1h", () => TO);
    expect(published.get("Kraken")?.state).toBe("done");
  });

  it("writes a line every five seconds at most, naming each exchange's steps, and one when a resolution is done", () => {
    const { progress, lines, advance } = progressOf();
    progress.declare("1d", { fromMs: FROM, toMs: TO }, (e) => (e === "Binance" ? 40 : 20));
    progress.start("1d");
    expect(lines).toEqual(["market: history from daily candles: 2025-11-20 to 2026-08-22"]);
    for (let i = 0; i < 12; i++) {
      progress.step("Binance", "1d");
      progress.step("Kraken", "1d");
      advance(1000);
    }
    expect(lines.slice(1)).toEqual([
      "market: history from daily candles: Binance 1/40, Kraken 0/20 pairs' requests",
      "market: history from daily candles: Binance 6/40, Kraken 5/20 pairs' requests",
      "market: history from daily candles: Binance 11/40, Kraken 10/20 pairs' requests",
    ]);
    progress.finish("1d", (e) => (e === "Binance" ? FROM : null));
    expect(lines.at(-1)).toBe("market: history from daily candles: done; Binance from 2025-11-20");
  });
});
