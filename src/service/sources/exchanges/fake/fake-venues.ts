// The fake exchanges the end-to-end tests of the exchanges source run against: each venue with the protocol
// its fake speaks, the markets it lists (in its own spelling) and how its trade ids look.

import type { Venue } from "../venue.ts";
import { binanceProtocol } from "../venues/binance.fake.ts";
import { binance } from "../venues/binance.ts";
import { bybitProtocol } from "../venues/bybit.fake.ts";
import { bybit } from "../venues/bybit.ts";
import { coinbaseProtocol } from "../venues/coinbase.fake.ts";
import { coinbase } from "../venues/coinbase.ts";
import { krakenProtocol } from "../venues/kraken.fake.ts";
import { kraken } from "../venues/kraken.ts";
import { okxProtocol } from "../venues/okx.fake.ts";
import { okx } from "../venues/okx.ts";
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
];
