// The fake exchanges the end-to-end tests of the exchanges source run against: each venue with the protocol
// its fake speaks, the markets it lists (in its own spelling) and how its trade ids look.

import type { Venue } from "../venue.ts";
import { binanceProtocol } from "../venues/binance.fake.ts";
import { binance } from "../venues/binance.ts";
import { coinbaseProtocol } from "../venues/coinbase.fake.ts";
import { coinbase } from "../venues/coinbase.ts";
import type { FakeMarket, FakeProtocol } from "./fake-protocol.ts";

export interface LiveVenue {
  venue: Venue;
  protocol: FakeProtocol;
  markets: FakeMarket[];
  /** The exchange's ids of BTC against a dollar and of ETH against BTC (or a dollar). */
  btc: string;
  eth: string;
  /** Where the service's pair name is not the market id (Kraken's XBT/USD for XXBTZUSD). */
  foreignNames?: Record<string, string>;
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
];
