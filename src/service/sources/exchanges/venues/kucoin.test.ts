import { describeVenueConformance } from "../fake/venue-conformance.ts";
import { kucoinFake } from "./kucoin.fake.ts";
import { kucoin } from "./kucoin.ts";

describeVenueConformance({
  venue: kucoin,
  // A short ping interval handed out with the token, so ccxt's JSON keep-alive runs within the test.
  protocol: kucoinFake(150),
  markets: [
    { id: "BTC-USDT", base: "BTC", quote: "USDT" },
    { id: "ETH-USDT", base: "ETH", quote: "USDT" },
    { id: "BTC-USDC", base: "BTC", quote: "USDC" },
    { id: "ETH-BTC", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC-USDT" },
    { symbol: "BTC/USDC", base: "BTC", quote: "USDC", foreignName: "BTC-USDC" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH-BTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTC-USDT" },
  // 17 digits, as KuCoin's are: past 2^53, so built as text, never as a number.
  tradeId: (n) => `110679967119${String(n).padStart(5, "0")}`,
  since: "ccxt",
  unWatch: true,
});
