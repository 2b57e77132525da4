// The exchanges source end to end: the real service (MARKET_SOURCE=exchanges) reads ten fake exchanges on
// loopback that speak each exchange's own protocol (fake/live-market.ts), and everything is asserted at the
// HTTP API: the last trades exactly as scripted, each exchange's and the all-exchanges block values equal to
// the filters applied to the scripted trades, duplicates, reordering, a late trade, the pairs listed,
// history from candles, and a follower of the source hearing each trade as it is taken. Faults of the feeds:
// exchanges-faults.http.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Provenance } from "../../../interface/provenance.ts";
import { StatusSchema } from "../../../interface/status.ts";
import { units } from "../../testing/candle-records.ts";
import { tradesOfCandle } from "./history/candle-history.ts";
import type { FakeExchange } from "./testing/fake-exchange.ts";
import { LIVE_VENUES } from "./testing/fake-venues.ts";
import {
  B,
  BLOCK_MS,
  blockTrades,
  candleAt,
  candleReference,
  candlesOf,
  closeBlock,
  closedTrades,
  fakes,
  json,
  LIVE_START_MS,
  level,
  pointAt,
  reference,
  service,
  shift,
  shown,
  startLiveMarket,
  startOf,
  stopLiveMarket,
  taken,
  told,
  toldOf,
  trade,
} from "./testing/live-market.ts";

beforeAll(startLiveMarket, 60_000);
afterAll(stopLiveMarket);

describe("live trades from every exchange, as each exchange sends them", () => {
  it("shows each exchange's last trades exactly as scripted: ids, taker signs, USD prices", async () => {
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const first = [
        trade(v, live.btc, "BTC", startOf(B) + 10_000 + shift(v), level(v) + 5, "buy"),
        trade(v, live.btc, "BTC", startOf(B) + 22_000 + shift(v), level(v) - 3, "sell"),
      ];
      const later = trade(v, live.btc, "BTC", startOf(B) + 46_000 + shift(v), level(v) + 9, "buy");
      const earlier = trade(v, live.btc, "BTC", startOf(B) + 34_000 + shift(v), level(v) - 7, "sell");
      fake.publish(first);
      // Reordered: the later trade arrives first; a duplicate of the first message follows.
      fake.publish([later]);
      fake.publish([earlier]);
      fake.send(first);
      // Every exchange's last BTC trade of the block is at 60,000, so an ETH/BTC trade's USD price does
      // not depend on which exchange's BTC trade happened to arrive last.
      const last = trade(v, live.btc, "BTC", startOf(B) + 58_000 + shift(v), 60_000, "sell");
      fake.publish([last]);
      blockTrades.push(...first, later, earlier, last);
    }
    await shown(blockTrades);
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const eth = trade(
        v,
        live.eth,
        "ETH",
        startOf(B) + 70_000 + shift(v),
        0.05 + v / 1000,
        "buy",
        (0.05 + v / 1000) * 60_000,
      );
      fake.publish([eth]);
      blockTrades.push(eth);
    }
    await taken(LIVE_VENUES.length * 6);

    const details = await json("/v1/symbol/BTC");
    for (const live of LIVE_VENUES) {
      const mine = blockTrades.filter((t) => t.exchange === live.venue.name && t.symbol === "BTC");
      const listed = details.exchanges.find((e) => e.name === live.venue.name);
      expect(listed?.lastTrades).toEqual(
        [...mine]
          .sort((a, b) => b.timeMs - a.timeMs)
          .map((t) => ({
            symbol: "BTC",
            pair: live.foreignNames?.[live.btc] ?? live.btc,
            price: t.price,
            volume: t.side === "sell" ? -t.amount : t.amount,
            time: new Date(t.timeMs).toISOString(),
            foreignTradeID: t.id,
            estimatedUSDPrice: t.usd,
            source: live.venue.name,
          })),
      );
    }
    const status = await json("/status");
    // The answer is the interface's Status, field for field: nothing missing (parse throws), nothing more
    // (parse would leave it out).
    expect(StatusSchema.parse(status)).toEqual(status);
    for (const live of LIVE_VENUES) {
      const health = status.market.exchanges.find((e) => e.name === live.venue.name);
      expect(health).toMatchObject({ connected: true, droppedDuplicate: 2, droppedLate: 0 });
    }
    // A follower of the source heard each scripted trade once already, before its block closed.
    expect(closedTrades(B)).toBeUndefined();
    expect(toldOf(B).map((t) => t.foreignTradeID)).toEqual(
      [...blockTrades].sort((a, b) => a.timeMs - b.timeMs).map((t) => t.id),
    );
  });

  it("closes the block by the clock: each exchange's and the all-exchanges values are the filters' over the scripted trades", async () => {
    await closeBlock(B);
    for (const live of LIVE_VENUES) {
      const mine = blockTrades.filter((t) => t.exchange === live.venue.name && t.symbol === "BTC");
      const expected = reference(mine, B, LIVE_START_MS);
      for (const filter of ["MA120", "MAIR120", "MEDIR120"] as const) {
        expect(
          await pointAt(`/v1/chartPoints/${filter}/${live.venue.name}/BTC`, B),
          `${live.venue.name} ${filter}`,
        ).toBeCloseTo(expected[filter], 6);
      }
    }
    const all = reference(
      blockTrades.filter((t) => t.symbol === "BTC"),
      B,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/BTC", B)).toBeCloseTo(all.MA120, 6);
    expect(await pointAt("/v1/chartPointsAllExchanges/MEDIR120/BTC", B)).toBeCloseTo(all.MEDIR120, 6);
    const eth = reference(
      blockTrades.filter((t) => t.symbol === "ETH"),
      B,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/ETH", B)).toBeCloseTo(eth.MA120, 6);
    const quotation = await json("/v1/quotation/BTC");
    expect(quotation.price).toBeCloseTo(all.MA120, 6);
    // The coin list ranks what the exchanges traded: BTC and ETH, priced by their quotations.
    const coins = (await (await service.get("/v1/coins")).json()) as {
      coins: { symbol: string; price: number }[];
    };
    expect(coins.coins.map((c) => c.symbol)).toEqual(["BTC", "ETH"]);
    expect(coins.coins[0]?.price).toBeCloseTo(all.MA120, 6);
    expect(coins.coins[1]?.price).toBeCloseTo(eth.MA120, 6);
  });

  it("told its follower exactly the trades the market closed the block with: the same values, each call by time", async () => {
    const closed = closedTrades(B);
    expect(closed?.length).toBe(blockTrades.length);
    expect(toldOf(B)).toEqual(closed);
    for (const trades of told) {
      expect(trades.map((t) => t.timeMs)).toEqual(trades.map((t) => t.timeMs).sort((a, b) => a - b));
    }
    const ids = told.flat().map((t) => `${t.exchange}|${t.foreignTradeID}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("makes each block's candle from the scripted trades exactly: first, highest, lowest and last price, taker sides' amounts, count", async () => {
    const btc = blockTrades.filter((t) => t.symbol === "BTC");
    for (const live of LIVE_VENUES) {
      const mine = btc.filter((t) => t.exchange === live.venue.name);
      expect(await candleAt(`/v1/candles/${live.venue.name}/BTC`, B), live.venue.name).toEqual(
        candleReference(mine, B),
      );
    }
    expect(await candleAt("/v1/candlesAllExchanges/BTC", B)).toEqual(candleReference(btc, B));
    // How the block was made adds up: every exchange contributed its scripted trades, none was left out
    // of the aggregate as an outlier (the levels are 10 dollars apart), and the weights are volume shares.
    const provenance = (await json(
      `/v1/provenance/BTC?time=${startOf(B) / 1000 + 60}`,
    )) as unknown as Provenance;
    expect(provenance.exchanges.map((e) => e.role)).toEqual(LIVE_VENUES.map(() => "contributed"));
    for (const contribution of provenance.exchanges) {
      const reference = candleReference(
        btc.filter((t) => t.exchange === contribution.exchange),
        B,
      );
      expect(contribution.figures?.trades).toBe(reference.trades);
      expect(contribution.weight).toBeCloseTo(
        Number(reference.volume) / Number(candleReference(btc, B).volume),
        12,
      );
    }
    expect(provenance.aggregate.trades).toBe(btc.length);
    expect(provenance.leftOut).toEqual([]);
  });

  it("drops a trade that arrives after its block closed, and counts it", async () => {
    const v = 0;
    const live = LIVE_VENUES[v] as (typeof LIVE_VENUES)[number];
    const late = trade(v, live.btc, "BTC", startOf(B) + 110_000, 1, "buy");
    fakes.get(live.venue.name)?.publish([late]);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const status = await json("/status");
      if (status.market.exchanges[0]?.droppedLate === 1) break;
      if (Date.now() > deadline) throw new Error("the late trade was not counted");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await closeBlock(B + 1);
    // Not folded into the next block: that block has no trades of the exchange, and its MA120 carries on.
    expect(await pointAt(`/v1/chartPoints/MAIR120/${live.venue.name}/BTC`, B + 1)).toBeUndefined();
    expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, B + 1)).toBeCloseTo(60_000, 6);
  });
});

describe("what the service lists follows what the exchanges list", () => {
  it("lists the pairs of the market's coins from the exchanges' market lists, named as each exchange names them", async () => {
    const body = (await (await service.get("/v1/pairs")).json()) as {
      pairs: { symbol: string; exchange: string; foreignName: string }[];
    };
    const listed = body.pairs.map((p) => `${p.exchange} ${p.symbol} ${p.foreignName}`).sort();
    // The exchanges' own spellings of a coin (Kraken's XBT) are the service's plain symbols.
    const symbolOf = (base: string) => ({ XBT: "BTC", XXBT: "BTC", XETH: "ETH" })[base] ?? base.toUpperCase();
    const expected = LIVE_VENUES.flatMap((l) =>
      l.markets
        .filter((m) => ["BTC", "ETH"].includes(symbolOf(m.base)))
        .map((m) => `${l.venue.name} ${symbolOf(m.base)} ${l.foreignNames?.[m.id] ?? m.id}`),
    ).sort();
    expect(listed).toEqual(expected);
    const symbols = (await (await service.get("/v1/symbols")).json()) as { symbols: string[] };
    expect(symbols.symbols).toEqual(["BTC", "ETH"]);
  });
});

describe("history from candles", () => {
  it("fills the blocks before the first live one from 1-minute candles, behind the live streams", async () => {
    const deadline = Date.now() + 20_000;
    while ((await json("/status")).market.exchanges.some((e) => e.backfill.state !== "done")) {
      if (Date.now() > deadline) throw new Error("the history did not finish");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const [v, live] of LIVE_VENUES.entries()) {
      const trades = candlesOf(live.btc, v).flatMap((c) =>
        tradesOfCandle([c.openMs, c.open, c.high, c.low, c.close, c.volume]).map((t) => ({
          timeMs: t.timeMs,
          usd: t.price,
        })),
      );
      // The history's aggregator starts at the gap's start, a day before the live block.
      const startMs = startOf(B - 720);
      for (const block of [B - 5, B - 1]) {
        const expected = reference(trades, block, startMs);
        expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, block)).toBeCloseTo(
          expected.MA120,
          6,
        );
        expect(await pointAt(`/v1/chartPoints/MEDIR120/${live.venue.name}/BTC`, block)).toBeCloseTo(
          expected.MEDIR120,
          6,
        );
      }
      expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, B - 6)).toBeUndefined();
      // A history block's candle is its two minutes' candles combined, volume to the last decimal.
      const minutes = candlesOf(live.btc, v).filter((c) => Math.floor(c.openMs / BLOCK_MS) === B - 1);
      expect(await candleAt(`/v1/candles/${live.venue.name}/BTC`, B - 1)).toMatchObject({
        open: minutes[0]?.open,
        high: Math.max(...minutes.map((c) => c.high)),
        low: Math.min(...minutes.map((c) => c.low)),
        close: minutes.at(-1)?.close,
        volume: minutes.reduce((sum, c) => sum + units(c.volume), 0n),
      });
    }
    // And its provenance says it was made from candles.
    const history = (await json(`/v1/provenance/BTC?time=${startOf(B - 1) / 1000}`)) as unknown as Provenance;
    expect(history.madeFrom).toBe("candles");
    expect(((await json("/v1/provenance/BTC")) as unknown as Provenance).madeFrom).toBe("trades");
  });
});
