import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { bitfinex } from "./bitfinex.ts";
import { bitfinexProtocol } from "./testing/bitfinex.fake.ts";

describeVenueConformance({
  venue: bitfinex,
  protocol: bitfinexProtocol,
  markets: [
    { id: "BTCUSD", base: "BTC", quote: "USD" },
    { id: "BTCUST", base: "BTC", quote: "UST" },
    { id: "BTCEUR", base: "BTC", quote: "EUR" },
    { id: "ETHUDC", base: "ETH", quote: "UDC" },
    { id: "ETHBTC", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USD", base: "BTC", quote: "USD", foreignName: "BTCUSD" },
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTCUST" },
    { symbol: "ETH/USDC", base: "ETH", quote: "USDC", foreignName: "ETHUDC" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETHBTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTCUST" },
  tradeId: (n) => String(1_578_000_000 + n),
  since: "exchange",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/ws/2",
    message: JSON.stringify({ event: "subscribe", channel: "trades", symbol: "BTCUST" }),
  },
});
