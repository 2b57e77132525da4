import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { htx } from "./htx.ts";
import { htxProtocol } from "./testing/htx.fake.ts";

describeVenueConformance({
  venue: htx,
  protocol: htxProtocol,
  markets: [
    { id: "btcusdt", base: "btc", quote: "usdt" },
    { id: "ethusdt", base: "eth", quote: "usdt" },
    { id: "btcusdc", base: "btc", quote: "usdc" },
    { id: "ethbtc", base: "eth", quote: "btc" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "btcusdt" },
    { symbol: "BTC/USDC", base: "BTC", quote: "USDC", foreignName: "btcusdc" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ethbtc" },
  ],
  traded: { symbol: "BTC/USDT", pair: "btcusdt" },
  tradeId: (n) => String(102_523_573_000 + n),
  since: "ccxt",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/ws",
    message: JSON.stringify({ sub: "market.BTCUSDT.trade.detail", id: "1" }),
  },
});
