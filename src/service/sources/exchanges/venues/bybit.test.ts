import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { bybit } from "./bybit.ts";
import { bybitProtocol } from "./testing/bybit.fake.ts";

describeVenueConformance({
  venue: bybit,
  protocol: bybitProtocol,
  markets: [
    { id: "BTCUSDT", base: "BTC", quote: "USDT" },
    { id: "ETHUSDT", base: "ETH", quote: "USDT" },
    { id: "BTCUSDC", base: "BTC", quote: "USDC" },
    { id: "BTCEUR", base: "BTC", quote: "EUR" },
    { id: "ETHBTC", base: "ETH", quote: "BTC" },
    { id: "USDCUSDT", base: "USDC", quote: "USDT" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTCUSDT" },
    { symbol: "BTC/EUR", base: "BTC", quote: "EUR", foreignName: "BTCEUR" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETHBTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTCUSDT" },
  tradeId: (n) => String(2_100_000_000_007_764_000n + BigInt(n)),
  since: "ccxt",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/v5/public/spot",
    message: JSON.stringify({ op: "subscribe", req_id: "1", args: ["publicTrade.BTC-USDT"] }),
  },
});
