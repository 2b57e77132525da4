// The REST paths of the ten exchanges over what the exchanges really answered: ccxt's recorded answers
// (venues/testing/recorded/, README.md there) served by each exchange's fake, read through the service's own
// layers (VenueFeed.loadPairs, the REST gap fill into the trade intake, VenueFeed.candles), and compared with
// what each answer says as its exchange's documentation reads it, not with anything ccxt or we parsed.
import { afterEach, describe, expect, it } from "vitest";
import { COINS, QUOTE_CURRENCIES } from "../../catalog/catalog.ts";
import type { SourceTrade } from "../../market/trade-source.ts";
import { type CcxtExchange, type CcxtTrade, ccxtExchange, rawTrade } from "./ccxt-exchange.ts";
import { fillGap } from "./rest-fill.ts";
import { FakeExchange } from "./testing/fake-exchange.ts";
import { blockOf, TradeIntake } from "./trade-intake.ts";
import { UsdPrices } from "./usd-prices.ts";
import { pairsOfMarkets, type VenueMarket } from "./venue.ts";
import { VenueFeed } from "./venue-feed.ts";
import { binanceRecorded } from "./venues/testing/recorded/binance.ts";
import { bitfinexRecorded } from "./venues/testing/recorded/bitfinex.ts";
import { bitstampRecorded } from "./venues/testing/recorded/bitstamp.ts";
import { bybitRecorded } from "./venues/testing/recorded/bybit.ts";
import { coinbaseRecorded } from "./venues/testing/recorded/coinbase.ts";
import { gateRecorded } from "./venues/testing/recorded/gate.ts";
import { htxRecorded } from "./venues/testing/recorded/htx.ts";
import { krakenRecorded } from "./venues/testing/recorded/kraken.ts";
import { kucoinRecorded } from "./venues/testing/recorded/kucoin.ts";
import { okxRecorded } from "./venues/testing/recorded/okx.ts";
import {
  type DocumentedPair,
  fakeMarketsOf,
  type RecordedVenue,
  recordedAnswers,
  recordingOf,
} from "./venues/testing/recorded/recordings.ts";

const RECORDED: readonly RecordedVenue[] = [
  binanceRecorded,
  coinbaseRecorded,
  krakenRecorded,
  bitfinexRecorded,
  bitstampRecorded,
  okxRecorded,
  htxRecorded,
  gateRecorded,
  kucoinRecorded,
  bybitRecorded,
];

/** Every recorded trade and candle is of Bitcoin against Tether. */
const TRADED = "BTC/USDT";
const CATALOG_COINS: ReadonlySet<string> = new Set(COINS.map((c) => c.symbol));
const QUOTES: ReadonlySet<string> = new Set(QUOTE_CURRENCIES);
const byName = (a: DocumentedPair, b: DocumentedPair) => a.pair.localeCompare(b.pair);
const quiet = { log: () => {} };

for (const rv of RECORDED) {
  const recording = recordingOf(rv.file);

  describe(`${rv.venue.name} over its recorded answers (ccxt ${recording.copiedFrom.responses})`, () => {
    let fake: FakeExchange;
    const closing: (() => Promise<unknown>)[] = [];

    async function startFake(): Promise<URL> {
      fake = await FakeExchange.start(rv.protocol, {
        markets: fakeMarketsOf(rv, recording),
        recorded: recordedAnswers(rv, recording),
      });
      closing.push(() => fake.close());
      return new URL(fake.origin);
    }

    function feedAt(origin: URL): VenueFeed {
      const intake = new TradeIntake(new UsdPrices({ quotation: () => null, fxRate: () => null }), 0);
      const feed = new VenueFeed(rv.venue, origin, intake, quiet);
      closing.unshift(() => feed.stop());
      return feed;
    }

    afterEach(async () => {
      for (const close of closing.splice(0)) await close();
    });

    it("reads the recorded market list into the catalog's spot pairs, coin and quote as the exchange documents them and named as it names them", async () => {
      const feed = feedAt(await startFake());
      const pairs = await feed.loadPairs(CATALOG_COINS);
      const expected = Object.values(recording.markets)
        .map((m) => rv.pairOf(m.id, m.info))
        .filter((p): p is DocumentedPair => p !== null && CATALOG_COINS.has(p.symbol) && QUOTES.has(p.quote));
      expect(expected.length).toBeGreaterThan(0);
      expect(pairs.map(({ symbol, quote, pair }) => ({ symbol, quote, pair })).sort(byName)).toEqual(
        expected.sort(byName),
      );
      if (rv.markets) expect(fake.servedRecorded.join("\n")).toContain(rv.markets.path);
    });

    const trades = rv.tradesPath && rv.tradesOf && recording.fetchTrades;
    it.runIf(trades)(
      "fills a gap over REST from the recorded trades: the intake keeps their ids, times, prices and taker-signed volumes",
      async () => {
        const call = recording.fetchTrades;
        if (!rv.tradesOf || !call) return;
        const documented = rv.tradesOf(call.httpResponse);
        const sinceMs = Math.min(...documented.map((t) => t.timeMs));
        const exchange = await ccxtExchange(rv.venue, await startFake());
        closing.unshift(() => exchange.close());
        const pair = await tradedPair(exchange);
        const intake = new TradeIntake(
          new UsdPrices({ quotation: () => null, fxRate: () => null }),
          blockOf(sinceMs),
        );
        await fillGap({
          exchange,
          venue: rv.venue,
          pair,
          sinceMs,
          take: (got: readonly CcxtTrade[]) =>
            got
              .map((t) => rawTrade(rv.venue, pair, t))
              .filter((raw) => raw !== null && intake.take(raw, "rest") === "taken").length,
          stopped: () => false,
          log: () => {},
        });
        const kept: SourceTrade[] = [];
        const lastBlock = blockOf(Math.max(...documented.map((t) => t.timeMs)));
        for (let block = blockOf(sinceMs); block <= lastBlock; block++) kept.push(...intake.close(block));
        const expected = documented.map((t) => ({
          symbol: "BTC",
          exchange: rv.venue.name,
          pair: pair.pair,
          timeMs: t.timeMs,
          price: t.price,
          volume: t.side === "sell" ? -t.amount : t.amount,
          // Tether at its peg: the service has no quotation of it yet.
          estimatedUSDPrice: t.price,
          foreignTradeID: t.id,
        }));
        const order = (a: SourceTrade, b: SourceTrade) =>
          a.timeMs - b.timeMs || a.foreignTradeID.localeCompare(b.foreignTradeID);
        expect(kept.sort(order)).toEqual(expected.sort(order));
        expect(fake.servedRecorded.join("\n")).toContain(rv.tradesPath);
      },
    );

    const candles = rv.candlesPaths && rv.candlesOf && recording.fetchOHLCV;
    it.runIf(candles)(
      "reads the recorded candles: each open time, open, high, low, close and volume as recorded",
      async () => {
        const call = recording.fetchOHLCV;
        if (!rv.candlesOf || !call) return;
        const documented = rv.candlesOf(call.httpResponse);
        const feed = feedAt(await startFake());
        await feed.loadPairs(CATALOG_COINS);
        const got = await feed.candles(TRADED, documented[0]?.[0] ?? 0);
        expect(got).toEqual(documented);
        expect(fake.servedRecorded.some((r) => rv.candlesPaths?.some((p) => r.includes(p)))).toBe(true);
      },
    );
  });
}

/** The pair of the recorded trades, as the source picks it from the exchange's market list. */
async function tradedPair(exchange: CcxtExchange) {
  const markets = Object.values(await exchange.loadMarkets()) as unknown as VenueMarket[];
  const venue = RECORDED.find((r) => r.venue.ccxtId === exchange.id)?.venue;
  const pair = venue && pairsOfMarkets(venue, markets, CATALOG_COINS).find((p) => p.ccxtSymbol === TRADED);
  if (!pair) throw new Error(`no ${TRADED} among ${exchange.id}'s recorded markets`);
  return pair;
}
