import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { bitstamp } from "./bitstamp.ts";
import { bitstampProtocol } from "./testing/bitstamp.fake.ts";

describeVenueConformance({
  venue: bitstamp,
  protocol: bitstampProtocol,
  markets: [
    { id: "btcusd", base: "BTC", quote: "USD" },
    { id: "btceur", base: "BTC", quote: "EUR" },
    { id: "btcusdt", base: "BTC", quote: "USDT" },
    { id: "ethusdc", base: "ETH", quote: "USDC" },
    { id: "ethbtc", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USD", base: "BTC", quote: "USD", foreignName: "btcusd" },
    { symbol: "ETH/USDC", base: "ETH", quote: "USDC", foreignName: "ethusdc" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ethbtc" },
  ],
  traded: { symbol: "BTC/USD", pair: "btcusd" },
  tradeId: (n) => String(380_000_000 + n),
  since: "ccxt",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/",
    message: JSON.stringify({ event: "bts:subscribe", data: { channel: "live_trades_BTCUSD" } }),
  },
});
