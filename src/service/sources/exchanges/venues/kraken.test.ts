import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { kraken } from "./kraken.ts";
import { krakenProtocol } from "./testing/kraken.fake.ts";

describeVenueConformance({
  venue: kraken,
  protocol: krakenProtocol,
  markets: [
    { id: "XXBTZUSD", base: "XXBT", quote: "ZUSD" },
    { id: "XETHZUSD", base: "XETH", quote: "ZUSD" },
    { id: "XXBTZEUR", base: "XXBT", quote: "ZEUR" },
    { id: "XBTUSDT", base: "XXBT", quote: "USDT" },
    { id: "XETHXXBT", base: "XETH", quote: "XXBT" },
    { id: "USDTZUSD", base: "USDT", quote: "ZUSD" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USD", base: "BTC", quote: "USD", foreignName: "BTC/USD" },
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC/USDT" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH/BTC" },
    { symbol: "USDT/USD", base: "USDT", quote: "USD", foreignName: "USDT/USD" },
  ],
  traded: { symbol: "BTC/USD", pair: "XXBTZUSD" },
  tradeId: (n) => String(76_123_400 + n),
  since: "exchange",
  unWatch: false,
  misspelledSubscribe: {
    wsPath: "/v2",
    message: JSON.stringify({
      method: "subscribe",
      params: { channel: "trade", symbol: ["XBT/USD"] },
      req_id: 1,
    }),
  },
});
