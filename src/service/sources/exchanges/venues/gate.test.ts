import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { gate } from "./gate.ts";
import { gateProtocol } from "./testing/gate.fake.ts";

describeVenueConformance({
  venue: gate,
  protocol: gateProtocol,
  markets: [
    { id: "BTC_USDT", base: "BTC", quote: "USDT" },
    { id: "ETH_USDT", base: "ETH", quote: "USDT" },
    { id: "BTC_USDC", base: "BTC", quote: "USDC" },
    { id: "ETH_BTC", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC_USDT" },
    { symbol: "BTC/USDC", base: "BTC", quote: "USDC", foreignName: "BTC_USDC" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH_BTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTC_USDT" },
  tradeId: (n) => String(9_142_000_000 + n),
  since: "ccxt",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/ws/v4/",
    message: JSON.stringify({
      id: 1,
      time: 1_788_264_000,
      channel: "spot.trades",
      event: "subscribe",
      payload: ["BTCUSDT"],
    }),
  },
});
