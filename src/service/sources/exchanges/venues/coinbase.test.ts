import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { coinbase } from "./coinbase.ts";
import { coinbaseProtocol } from "./testing/coinbase.fake.ts";

describeVenueConformance({
  venue: coinbase,
  protocol: coinbaseProtocol,
  markets: [
    { id: "BTC-USD", base: "BTC", quote: "USD" },
    { id: "ETH-USD", base: "ETH", quote: "USD" },
    { id: "BTC-USDT", base: "BTC", quote: "USDT" },
    { id: "BTC-EUR", base: "BTC", quote: "EUR" },
    { id: "ETH-BTC", base: "ETH", quote: "BTC" },
    { id: "USDT-USD", base: "USDT", quote: "USD" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USD", base: "BTC", quote: "USD", foreignName: "BTC-USD" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH-BTC" },
    { symbol: "USDT/USD", base: "USDT", quote: "USD", foreignName: "USDT-USD" },
  ],
  traded: { symbol: "BTC/USD", pair: "BTC-USD" },
  tradeId: (n) => String(82_047_300 + n),
  since: "ccxt",
  unWatch: false,
  misspelledSubscribe: {
    wsPath: "/",
    message: JSON.stringify({ type: "subscribe", product_ids: ["BTCUSD"], channels: ["matches"] }),
  },
});
