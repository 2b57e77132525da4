// Faults that real feeds have, survived end to end (fake/live-market.ts): a socket dropped mid-block with
// the missed trades served over REST (none lost, none doubled), an exchange down while the others run, and
// back again.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Provenance } from "../../../interface/provenance.ts";
import type { FakeExchange } from "./testing/fake-exchange.ts";
import { LIVE_VENUES } from "./testing/fake-venues.ts";
import {
  B,
  blockTrades,
  closeBlock,
  closedTrades,
  fakes,
  type Health,
  json,
  LIVE_START_MS,
  level,
  pointAt,
  reference,
  type Scripted,
  service,
  shift,
  shown,
  startLiveMarket,
  startOf,
  stopLiveMarket,
  toldOf,
  trade,
} from "./testing/live-market.ts";

beforeAll(startLiveMarket, 60_000);
afterAll(stopLiveMarket);

describe("faults of real feeds", () => {
  const btcOf = (exchange: string) =>
    blockTrades.filter((t) => t.exchange === exchange && t.symbol === "BTC");

  it("reconnects a dropped socket and fills the trades missed meanwhile over REST: none lost, none doubled", async () => {
    const block = B + 2;
    const missed: Scripted[] = [];
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const before = [
        trade(v, live.btc, "BTC", startOf(block) + 10_000 + shift(v), level(v) + 1, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 22_000 + shift(v), level(v) + 2, "sell"),
      ];
      fake.publish(before);
      blockTrades.push(...before);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const connections = fake.connections;
      fake.dropConnections();
      const gap = [
        trade(v, live.btc, "BTC", startOf(block) + 34_000 + shift(v), level(v) + 3, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 46_000 + shift(v), level(v) + 4, "sell"),
      ];
      // Only the REST history knows these: no socket listened when they happened.
      fake.record(gap);
      missed.push(...gap);
      await fake.subscribed(live.btc);
      expect(fake.connections).toBeGreaterThan(connections);
      const after = trade(v, live.btc, "BTC", startOf(block) + 58_000 + shift(v), 60_000, "buy");
      fake.publish([after]);
      // What the service knows of the missed trades is what REST said: to the second only, on some exchanges.
      const filled = live.restWholeSeconds
        ? gap.map((t) => ({ ...t, timeMs: Math.floor(t.timeMs / 1000) * 1000 }))
        : gap;
      blockTrades.push(...filled, after);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    await closeBlock(block);
    const status = await json("/status");
    for (const live of LIVE_VENUES) {
      const health = status.market.exchanges.find((e) => e.name === live.venue.name) as Health;
      expect(health.reconnects).toBeGreaterThanOrEqual(1);
      // Kraken's stream replays its recent trades on every subscribe, so the missed ones may come that way.
      if (!live.replaysOnSubscribe) expect(health.filledOverRest, live.venue.name).toBeGreaterThanOrEqual(2);
      expect(health.connected).toBe(true);
      // Each scripted trade once: the block's values are the filters' over exactly the scripted trades.
      const expected = reference(btcOf(live.venue.name), block, LIVE_START_MS);
      expect(
        await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, block),
        live.venue.name,
      ).toBeCloseTo(expected.MA120, 6);
      expect(
        await pointAt(`/v1/chartPoints/MEDIR120/${live.venue.name}/BTC`, block),
        live.venue.name,
      ).toBeCloseTo(expected.MEDIR120, 6);
    }
    expect(missed.length).toBe(LIVE_VENUES.length * 2);
    // A follower heard the trades filled over REST too: the block it was told is the block the market closed.
    const toldIds = new Set(toldOf(block).map((t) => t.foreignTradeID));
    expect(missed.filter((t) => !toldIds.has(t.id))).toEqual([]);
    expect(toldOf(block)).toEqual(closedTrades(block));
  });

  it("leaves the others running when an exchange goes down, and computes the all-exchanges values from those up", async () => {
    if (LIVE_VENUES.length < 2) return;
    const block = B + 3;
    const [down, ...up] = LIVE_VENUES as [(typeof LIVE_VENUES)[number], ...typeof LIVE_VENUES];
    const downFake = fakes.get(down.venue.name) as FakeExchange;
    downFake.down = true;
    downFake.dropConnections();
    for (const live of up) {
      const v = LIVE_VENUES.indexOf(live);
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const trades = [
        trade(v, live.btc, "BTC", startOf(block) + 15_000 + shift(v), level(v) + 11, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 75_000 + shift(v), level(v) + 12, "sell"),
      ];
      fake.publish(trades);
      blockTrades.push(...trades);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    const response = await service.get("/v1/quotation/BTC");
    expect(response.headers.get("X-Market-Source")).toBe(
      `exchanges; live=${up.length}; total=${LIVE_VENUES.length}`,
    );
    await closeBlock(block);
    const all = reference(
      blockTrades.filter((t) => t.symbol === "BTC"),
      block,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/BTC", block)).toBeCloseTo(all.MA120, 6);
    // How the newest block was made names the exchange that was down, and weighs only those up.
    const provenance = (await json("/v1/provenance/BTC")) as unknown as Provenance;
    expect(provenance.blockStart).toBe(new Date(startOf(block)).toISOString().replace(".000Z", "Z"));
    expect(provenance.exchanges.find((e) => e.exchange === down.venue.name)).toMatchObject({
      role: "down",
      weight: 0,
    });
    expect(provenance.exchanges.filter((e) => e.role === "contributed").length).toBe(up.length);
    const status = await json("/status");
    expect(status.market.exchanges.find((e) => e.name === down.venue.name)?.connected).toBe(false);
    // The exchange comes back (a restart, an outage over): the feed reconnects on its own and trades flow.
    downFake.down = false;
    await downFake.subscribed(down.btc);
    const back = trade(0, down.btc, "BTC", startOf(block + 1) + 5_000, 60_000, "buy");
    downFake.publish([back]);
    blockTrades.push(back);
    await shown([back]);
    const after = await json("/status");
    expect(after.market.exchanges.find((e) => e.name === down.venue.name)?.connected).toBe(true);
  });
});
