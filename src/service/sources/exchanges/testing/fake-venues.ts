// The fake exchanges the end-to-end tests of the exchanges source run against: each venue with the protocol
// its fake speaks, the markets it lists (in its own spelling) and how its trade ids look.

import type { Venue } from "../venue.ts";
import { binance } from "../venues/binance.ts";
import { bitfinex } from "../venues/bitfinex.ts";
import { bitstamp } from "../venues/bitstamp.ts";
import { bybit } from "../venues/bybit.ts";
import { coinbase } from "../venues/coinbase.ts";
import { gate } from "../venues/gate.ts";
import { htx } from "../venues/htx.ts";
import { kraken } from "../venues/kraken.ts";
import { kucoin } from "../venues/kucoin.ts";
import { okx } from "../venues/okx.ts";
import { binanceProtocol } from "../venues/testing/binance.fake.ts";
import { bitfinexProtocol } from "../venues/testing/bitfinex.fake.ts";
import { bitstampProtocol } from "../venues/testing/bitstamp.fake.ts";
import { bybitProtocol } from "../venues/testing/bybit.fake.ts";
import { coinbaseProtocol } from "../venues/testing/coinbase.fake.ts";
import { gateProtocol } from "../venues/testing/gate.fake.ts";
import { htxProtocol } from "../venues/testing/htx.fake.ts";
import { krakenProtocol } from "../venues/testing/kraken.fake.ts";
import { kucoinProtocol } from "../venues/testing/kucoin.fake.ts";
import { okxProtocol } from "../venues/testing/okx.fake.ts";
import type { FakeMarket, FakeProtocol } from "./fake-protocol.ts";

export interface LiveVenue {
  venue: Venue;
  protocol: FakeProtocol;
  markets: FakeMarket[];
  /** The exchange's ids of BTC against a dollar and of ETH against BTC (or a dollar). */
  btc: string;
  eth: string;
  /** Where the service's pair name is not the market id (Kraken's stream says BTC/USD for XXBTZUSD). */
  foreignNames?: Record<string, string>;
  /** The stream sends its recent trades on every subscribe (a reconnect may refill a gap without REST). */
  replaysOnSubscribe?: true;
  /** Its REST trade history gives times to the whole second (Bitstamp), its stream to the microsecond. */
  restWholeSeconds?: true;
  /** The exchange's n-th trade id. */
  tradeId: (n: number) => string;
}

export const LIVE_VENUES: LiveVenue[] = [
  {
    venue: binance,
    protocol: binanceProtocol,
    markets: [
      { id: "BTCUSDT", base: "BTC", quote: "USDT" },
      { id: "ETHBTC", base: "ETH", quote: "BTC" },
      { id: "DOGEUSDT", base: "DOGE", quote: "USDT" },
    ],
    btc: "BTCUSDT",
    eth: "ETHBTC",
    tradeId: (n) => String(4_800_000_000 + n),
  },
  {
    venue: coinbase,
    protocol: coinbaseProtocol,
    markets: [
      { id: "BTC-USD", base: "BTC", quote: "USD" },
      { id: "ETH-BTC", base: "ETH", quote: "BTC" },
      { id: "USDT-USD", base: "USDT", quote: "USD" },
    ],
    btc: "BTC-USD",
    eth: "ETH-BTC",
    tradeId: (n) => String(82_047_300 + n),
  },
  {
    venue: kraken,
    protocol: krakenProtocol,
    markets: [
      { id: "XXBTZUSD", base: "XXBT", quote: "ZUSD" },
      { id: "XETHXXBT", base: "XETH", quote: "XXBT" },
    ],
    btc: "XXBTZUSD",
    eth: "XETHXXBT",
    foreignNames: { XXBTZUSD: "BTC/USD", XETHXXBT: "ETH/BTC" },
    replaysOnSubscribe: true,
    tradeId: (n) => String(76_123_400 + n),
  },
  {
    venue: okx,
    protocol: okxProtocol,
    markets: [
      { id: "BTC-USDT", base: "BTC", quote: "USDT" },
      { id: "ETH-BTC", base: "ETH", quote: "BTC" },
    ],
    btc: "BTC-USDT",
    eth: "ETH-BTC",
    tradeId: (n) => String(242_720_700 + n),
  },
  {
    venue: bybit,
    protocol: bybitProtocol,
    markets: [
      { id: "BTCUSDT", base: "BTC", quote: "USDT" },
      { id: "ETHBTC", base: "ETH", quote: "BTC" },
    ],
    btc: "BTCUSDT",
    eth: "ETHBTC",
    tradeId: (n) => String(2_100_000_000_007_764_000n + BigInt(n)),
  },
  {
    venue: bitstamp,
    protocol: bitstampProtocol,
    markets: [
      { id: "btcusd", base: "BTC", quote: "USD" },
      { id: "ethbtc", base: "ETH", quote: "BTC" },
    ],
    btc: "btcusd",
    eth: "ethbtc",
    restWholeSeconds: true,
    tradeId: (n) => String(380_000_000 + n),
  },
  {
    venue: bitfinex,
    protocol: bitfinexProtocol,
    markets: [
      { id: "BTCUST", base: "BTC", quote: "UST" },
      { id: "ETHBTC", base: "ETH", quote: "BTC" },
    ],
    btc: "BTCUST",
    eth: "ETHBTC",
    replaysOnSubscribe: true,
    tradeId: (n) => String(1_578_000_000 + n),
  },
  {
    venue: kucoin,
    protocol: kucoinProtocol,
    markets: [
      { id: "BTC-USDT", base: "BTC", quote: "USDT" },
      { id: "ETH-BTC", base: "ETH", quote: "BTC" },
    ],
    btc: "BTC-USDT",
    eth: "ETH-BTC",
    tradeId: (n) => `110679967119${String(n).padStart(5, "0")}`,
  },
  {
    venue: gate,
    protocol: gateProtocol,
    markets: [
      { id: "BTC_USDT", base: "BTC", quote: "USDT" },
      { id: "ETH_BTC", base: "ETH", quote: "BTC" },
    ],
    btc: "BTC_USDT",
    eth: "ETH_BTC",
    tradeId: (n) => String(9_142_000_000 + n),
  },
  {
    venue: htx,
    protocol: htxProtocol,
    markets: [
      { id: "btcusdt", base: "btc", quote: "usdt" },
      { id: "ethbtc", base: "eth", quote: "btc" },
    ],
    btc: "btcusdt",
    eth: "ethbtc",
    tradeId: (n) => String(102_523_573_000 + n),
  },
];
