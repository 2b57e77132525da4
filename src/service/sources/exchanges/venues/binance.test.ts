import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { binance } from "./binance.ts";
import { binanceProtocol } from "./testing/binance.fake.ts";

describeVenueConformance({
  venue: binance,
  protocol: binanceProtocol,
  markets: [
    { id: "BTCUSDT", base: "BTC", quote: "USDT" },
    { id: "ETHUSDT", base: "ETH", quote: "USDT" },
    { id: "BTCUSDC", base: "BTC", quote: "USDC" },
    { id: "BTCEUR", base: "BTC", quote: "EUR" },
    { id: "ETHBTC", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTCUSDT" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETHBTC" },
    { symbol: "BTC/EUR", base: "BTC", quote: "EUR", foreignName: "BTCEUR" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTCUSDT" },
  tradeId: (n) => String(4_800_000_000 + n),
  since: "refused",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/ws",
    message: JSON.stringify({ method: "SUBSCRIBE", params: ["BTCUSDT@trade"], id: 1 }),
  },
});
