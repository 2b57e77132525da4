// Bitfinex v2: REST /v2 (conf for pairs and currencies, trades, candles), the `trades` channel of /ws/2
// (array-shaped messages). ccxt's market id is the trading symbol, `t` + the pair ("tBTCUSD"); the pair's
// name is the pair itself ("BTCUSD", "TESTBTC:TESTUSD"), as the stream's `subscribed` event names it.
// Bitfinex spells USDT "UST" and USDC "UDC"; ccxt unifies both. The REST trade history takes `start`:
// `since` is honoured by the exchange (sort=1, oldest first from then on), with the stream's ids.
import type { Venue } from "../venue.ts";

export const bitfinex: Venue = {
  name: "Bitfinex",
  aliases: [],
  ccxtId: "bitfinex",
  options: {},
  foreignName: (market) => market.id.replace(/^t/, ""),
};
