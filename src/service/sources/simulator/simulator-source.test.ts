// The simulator followed: a block's trades are told at their times by the market clock (at any speed), each
// once, exactly as the block the market stores (the block the first follower began in whole, its past
// trades at once); the timer runs only while someone follows.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { type Clock, ManualClock, MarketClock, systemClock } from "../../clock.ts";
import type { SourceTrade } from "../../market/trade-source.ts";
import { FOLLOW_TICK_MS, MAX_BLOCKS_BEHIND, SimulatorSource } from "./simulator-source.ts";

const SEED = 20_251_122;
const BLOCK_MS = BLOCK_SECONDS * 1000;
/** Block of 2025-11-03T12:00:00Z (a Monday, busy hours). */
const B = 1_762_171_200 / BLOCK_SECONDS;
const startOf = (block: number) => block * BLOCK_MS;
const blockOf = (trade: SourceTrade) => Math.floor(trade.timeMs / BLOCK_MS);

/** What a listener heard: each call's trades and the market clock's time when it heard them. */
interface Heard {
  atMs: number;
  trades: SourceTrade[];
}

function listen(source: SimulatorSource, clock: Clock): { heard: Heard[]; stop: () => void } {
  const heard: Heard[] = [];
  const stop = source.follow((trades) => heard.push({ atMs: clock.now(), trades: [...trades] }));
  return { heard, stop };
}

/** The block as the market stores it: asked of a simulator that was never followed. */
const stored = (block: number) => new SimulatorSource(SEED, undefined, 1).tradesOfBlock(block);

beforeEach(() => {
  vi.useFakeTimers({ now: startOf(B) - 60_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a followed simulator", () => {
  it("tells a whole block's trades at their times, each once, exactly as the block it stores", () => {
    const clock = new ManualClock(startOf(B) - 1);
    const source = new SimulatorSource(SEED, undefined, 1, clock);
    const { heard } = listen(source, clock);
    while (clock.now() < startOf(B + 1) + 30_000) {
      clock.advance(FOLLOW_TICK_MS);
      vi.advanceTimersByTime(FOLLOW_TICK_MS);
      // The market closes the block before meanwhile: asking for it changes nothing of what is told.
      if (clock.now() === startOf(B) + 3099) source.tradesOfBlock(B - 1);
    }
    // The block the follow began in (B − 1), whole, at the first tick: its trades so far had happened.
    const [began, ...later] = heard;
    expect(began?.trades).toEqual(
      [...stored(B - 1), ...stored(B)].filter((t) => t.timeMs <= (began?.atMs ?? 0)),
    );
    for (const { atMs, trades } of later) {
      for (const trade of trades) {
        // Not before its time, and at the first tick after it.
        if (trade.timeMs > atMs || trade.timeMs <= atMs - FOLLOW_TICK_MS) {
          expect.fail(`trade at ${trade.timeMs} told at ${atMs}`);
        }
      }
      expect(trades.map((t) => t.timeMs)).toEqual([...trades.map((t) => t.timeMs)].sort((a, b) => a - b));
    }
    const told = heard.flatMap((h) => h.trades);
    expect(new Set(told.map((t) => `${t.exchange}|${t.foreignTradeID}`)).size).toBe(told.length);
    const block = stored(B);
    expect(block.length).toBeGreaterThan(500);
    expect(told.filter((t) => blockOf(t) === B)).toEqual(block);
    // On into the next block, nothing missed at the boundary; nothing from before the block it began in.
    expect(told.filter((t) => blockOf(t) === B + 1)).toEqual(
      stored(B + 1).filter((t) => t.timeMs <= clock.now()),
    );
    expect(told.filter((t) => blockOf(t) === B - 1)).toEqual(stored(B - 1));
    expect(told.filter((t) => blockOf(t) < B - 1)).toEqual([]);
    expect(source.tradesOfBlock(B)).toEqual(block);
  });

  it("keeps to a market clock 60 times faster than real time", () => {
    const clock = new MarketClock(systemClock, 60, startOf(B) - 1);
    const source = new SimulatorSource(SEED, undefined, 1, clock);
    const { heard } = listen(source, clock);
    // Two real seconds are a block of the market's.
    vi.advanceTimersByTime(BLOCK_MS / 60 + 10 * FOLLOW_TICK_MS);
    expect(clock.now()).toBeGreaterThan(startOf(B + 1));
    // The first tick tells the block the follow began in so far, at once; the rest at their times.
    for (const { atMs, trades } of heard.slice(1)) {
      for (const trade of trades) {
        if (trade.timeMs > atMs || trade.timeMs <= atMs - FOLLOW_TICK_MS * 60) {
          expect.fail(`trade at ${trade.timeMs} told at ${atMs}`);
        }
      }
    }
    const told = heard.flatMap((h) => h.trades);
    expect(told.filter((t) => blockOf(t) === B)).toEqual(stored(B));
    expect(told.filter((t) => blockOf(t) === B + 1)).toEqual(
      stored(B + 1).filter((t) => t.timeMs <= clock.now()),
    );
  });

  it("tells a listener that starts late the trades from then on only", () => {
    const clock = new ManualClock(startOf(B) - 1);
    const source = new SimulatorSource(SEED, undefined, 1, clock);
    const first = listen(source, clock);
    clock.advance(60_000);
    vi.advanceTimersByTime(FOLLOW_TICK_MS);
    const joinedAt = clock.now();
    const second = listen(source, clock);
    clock.advance(60_000);
    vi.advanceTimersByTime(FOLLOW_TICK_MS);
    const secondTold = second.heard.flatMap((h) => h.trades);
    expect(secondTold.length).toBeGreaterThan(100);
    expect(secondTold).toEqual(stored(B).filter((t) => t.timeMs > joinedAt));
    expect(first.heard.flatMap((h) => h.trades)).toEqual([...stored(B - 1), ...stored(B)]);
  });

  it("runs its timer only while someone follows, and tells nothing after a stop", () => {
    const clock = new ManualClock(startOf(B));
    const source = new SimulatorSource(SEED, undefined, 1, clock);
    const step = () => {
      clock.advance(10_000);
      vi.advanceTimersByTime(FOLLOW_TICK_MS);
    };
    expect(vi.getTimerCount()).toBe(0);
    const a = listen(source, clock);
    const b = listen(source, clock);
    expect(vi.getTimerCount()).toBe(1);
    step();
    a.stop();
    a.stop();
    const aHeard = a.heard.length;
    expect(aHeard).toBe(1);
    step();
    expect(a.heard.length).toBe(aHeard);
    expect(b.heard.length).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
    b.stop();
    expect(vi.getTimerCount()).toBe(0);
    step();
    expect(b.heard.length).toBe(2);
    // Following again starts a timer again; the market's stop lets go of it and of every listener.
    const c = listen(source, clock);
    expect(vi.getTimerCount()).toBe(1);
    source.stop();
    expect(vi.getTimerCount()).toBe(0);
    step();
    expect(c.heard).toEqual([]);
  });

  it("starts over at the present when the market clock jumps more than an hour ahead", () => {
    const clock = new ManualClock(startOf(B));
    const source = new SimulatorSource(SEED, undefined, 1, clock);
    const { heard } = listen(source, clock);
    clock.advance((MAX_BLOCKS_BEHIND + 1) * BLOCK_MS);
    vi.advanceTimersByTime(FOLLOW_TICK_MS);
    expect(heard).toEqual([]);
    const jumpedTo = clock.now();
    clock.advance(30_000);
    vi.advanceTimersByTime(FOLLOW_TICK_MS);
    // From the start of the block it jumped into, as a first follower is told.
    const block = Math.floor(jumpedTo / BLOCK_MS);
    expect(heard.flatMap((h) => h.trades)).toEqual(stored(block).filter((t) => t.timeMs <= clock.now()));
  });
});
