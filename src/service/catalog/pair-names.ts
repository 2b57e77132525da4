// How each exchange spells a pair's foreign name (BTCUSDT, BTC-USD, XBT/USD, tBTCUSD, ...).
import type { PairStyle, QuoteCurrency } from "./catalog.ts";

const KRAKEN_NAMES: Readonly<Record<string, string>> = { BTC: "XBT", DOGE: "XDG" };
const BITFINEX_NAMES: Readonly<Record<string, string>> = { USDT: "UST" };

/** The exchange's spelling of the pair `symbol`/`quote`. */
export function foreignPairName(style: PairStyle, symbol: string, quote: QuoteCurrency): string {
  switch (style) {
    case "concat":
      return `${symbol}${quote}`;
    case "dash":
      return `${symbol}-${quote}`;
    case "underscore":
      return `${symbol}_${quote}`;
    case "lower":
      return `${symbol}${quote}`.toLowerCase();
    case "kraken":
      return `${KRAKEN_NAMES[symbol] ?? symbol}/${KRAKEN_NAMES[quote] ?? quote}`;
    case "bitfinex": {
      const base = BITFINEX_NAMES[symbol] ?? symbol;
      const q = BITFINEX_NAMES[quote] ?? quote;
      return base.length > 3 || q.length > 3 ? `t${base}:${q}` : `t${base}${q}`;
    }
  }
}
