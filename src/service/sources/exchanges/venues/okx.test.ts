import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { okx } from "./okx.ts";
import { okxProtocol } from "./testing/okx.fake.ts";

describeVenueConformance({
  venue: okx,
  protocol: okxProtocol,
  markets: [
    { id: "BTC-USDT", base: "BTC", quote: "USDT" },
    { id: "ETH-USDT", base: "ETH", quote: "USDT" },
    { id: "BTC-USDC", base: "BTC", quote: "USDC" },
    { id: "BTC-EUR", base: "BTC", quote: "EUR" },
    { id: "ETH-BTC", base: "ETH", quote: "BTC" },
    { id: "USDC-USDT", base: "USDC", quote: "USDT" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC-USDT" },
    { symbol: "BTC/EUR", base: "BTC", quote: "EUR", foreignName: "BTC-EUR" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH-BTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTC-USDT" },
  tradeId: (n) => String(242_720_700 + n),
  since: "ccxt",
  unWatch: true,
  misspelledSubscribe: {
    wsPath: "/ws/v5/public",
    message: JSON.stringify({ op: "subscribe", args: [{ channel: "trades", instId: "BTCUSDT" }] }),
  },
});
