// The market's static catalog: the coins and exchanges, with the figures the simulator draws its market
// from. Everything here is plain data (the pairs each exchange lists are derived from it in catalog-pairs.ts);
// the sources (sources/) and the market (market/) read it, and so do the endpoints that list coins, pairs
// and symbols. It imports nothing of the service, so every room can stand on it.

/** Currencies a pair can be quoted in. */
export const QUOTE_CURRENCIES = ["USD", "EUR", "USDT", "USDC", "BTC", "ETH"] as const;
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];

/** How an exchange spells a pair's foreign name (pair-names.ts spells it). */
export type PairStyle = "concat" | "dash" | "underscore" | "lower" | "kraken" | "bitfinex";

export interface Coin {
  /** Plain ticker, e.g. "BTC". Never contains a comma. */
  readonly symbol: string;
  readonly name: string;
  /** A realistic USD price (late-2025 levels); the price path wanders around it. */
  readonly basePriceUSD: number;
  readonly circulatingSupply: number;
  /** Standard deviation of the daily log return (0.025 = 2.5 %). */
  readonly dailyVolatility: number;
  /** Loading on the shared market factor (BTC = 1; stablecoins 0). */
  readonly beta: number;
  /** How much the coin trades, 0…1: scales the number of simulated trades of its pairs. */
  readonly liquidity: number;
  /** Target 24 h USD volume summed over all exchanges; trade sizes are scaled to reach it. */
  readonly volume24hUSD: number;
  readonly stablecoin: boolean;
  /** The exchanges a smaller coin trades on; absent: every exchange whose quotes fit, unless it unlists it. */
  readonly venues?: readonly string[];
}

export interface Exchange {
  /** Never contains a comma. */
  readonly name: string;
  /** Quote currencies the exchange uses; the first is its main one. */
  readonly quotes: readonly QuoteCurrency[];
  /** Relative size, 0…1: scales the number of trades of its pairs. */
  readonly size: number;
  /** Persistent premium (positive) or discount (negative) of its prices, in basis points. */
  readonly premiumBp: number;
  /** Typical full bid-ask spread on its liquid pairs, in basis points. */
  readonly spreadBp: number;
  readonly style: PairStyle;
  /** Coins it does not list (everything else is listed where a quote currency fits). */
  readonly unlisted: readonly string[];
}

export interface Pair {
  /** The plain coin symbol (Kraken's "XBT" is only in foreignName). */
  readonly symbol: string;
  readonly exchange: string;
  /** The exchange's own name of the pair, e.g. "BTCUSDT", "BTC-USD", "XBT/USD". */
  readonly foreignName: string;
  readonly quote: QuoteCurrency;
  /** Thin pair whose trades the aggregation leaves out; the simulator makes no trades for it. */
  readonly ignore: boolean;
}

function coin(
  symbol: string,
  name: string,
  basePriceUSD: number,
  circulatingSupply: number,
  dailyVolatility: number,
  beta: number,
  liquidity: number,
  volume24hUSD: number,
): Coin {
  return {
    symbol,
    name,
    basePriceUSD,
    circulatingSupply,
    dailyVolatility,
    beta,
    liquidity,
    volume24hUSD,
    stablecoin: false,
  };
}

/** A coin pegged to 1 USD: a stable price, no market beta. */
function stablecoin(
  symbol: string,
  name: string,
  circulatingSupply: number,
  liquidity: number,
  volume24hUSD: number,
): Coin {
  return {
    ...coin(symbol, name, 1, circulatingSupply, 0.0005, 0, liquidity, volume24hUSD),
    stablecoin: true,
  };
}

/**
 * A smaller coin, beyond the top list's 50: known by name and traded on a few exchanges only, thinly, as
 * such coins are. They make the market's list longer than the top list, as a real one is.
 */
function smallCoin(
  symbol: string,
  name: string,
  basePriceUSD: number,
  circulatingSupply: number,
  volume24hUSD: number,
  venues: readonly string[],
): Coin {
  return { ...coin(symbol, name, basePriceUSD, circulatingSupply, 0.065, 1.3, 0.04, volume24hUSD), venues };
}

const B = 1e9;
const M = 1e6;
/** Where the smaller coins trade: the biggest exchanges, in a few combinations. */
const BIG3 = ["Binance", "OKX", "Bybit"];
const USD2 = ["Coinbase", "Kraken"];

/** Coins in market-capitalisation order (roughly late 2025). */
export const COINS: readonly Coin[] = [
  coin("BTC", "Bitcoin", 95_000, 19_950_000, 0.025, 1.0, 1.0, 40 * B),
  coin("ETH", "Ethereum", 3_400, 120_700_000, 0.035, 1.15, 0.85, 25 * B),
  stablecoin("USDT", "Tether", 184_000_000_000, 0.5, 6 * B),
  coin("XRP", "XRP", 2.3, 60_100_000_000, 0.045, 1.1, 0.6, 4 * B),
  coin("BNB", "BNB", 950, 139_200_000, 0.04, 0.85, 0.45, 2 * B),
  coin("SOL", "Solana", 180, 556_000_000, 0.05, 1.3, 0.7, 5 * B),
  stablecoin("USDC", "USD Coin", 75_500_000_000, 0.35, 2 * B),
  coin("TRX", "TRON", 0.29, 94_700_000_000, 0.04, 0.5, 0.25, 600 * M),
  coin("DOGE", "Dogecoin", 0.17, 151_600_000_000, 0.06, 1.4, 0.5, 2 * B),
  coin("ADA", "Cardano", 0.6, 36_500_000_000, 0.055, 1.2, 0.35, 800 * M),
  coin("LINK", "Chainlink", 15, 696_800_000, 0.055, 1.25, 0.3, 700 * M),
  coin("BCH", "Bitcoin Cash", 500, 19_960_000, 0.045, 1.0, 0.25, 400 * M),
  coin("XLM", "Stellar", 0.27, 32_300_000_000, 0.05, 1.1, 0.2, 300 * M),
  coin("XMR", "Monero", 380, 18_450_000, 0.045, 0.7, 0.12, 80 * M),
  coin("LTC", "Litecoin", 95, 76_600_000, 0.045, 1.0, 0.25, 500 * M),
  coin("AVAX", "Avalanche", 18, 429_000_000, 0.06, 1.35, 0.25, 500 * M),
  coin("DOT", "Polkadot", 3.0, 1_640_000_000, 0.06, 1.25, 0.2, 300 * M),
  coin("UNI", "Uniswap", 7.5, 630_000_000, 0.06, 1.3, 0.2, 300 * M),
  coin("NEAR", "NEAR Protocol", 2.4, 1_290_000_000, 0.065, 1.35, 0.2, 300 * M),
  coin("ETC", "Ethereum Classic", 15, 154_000_000, 0.05, 1.05, 0.15, 150 * M),
  coin("AAVE", "Aave", 190, 15_270_000, 0.06, 1.3, 0.15, 350 * M),
  coin("APT", "Aptos", 3.2, 720_000_000, 0.065, 1.35, 0.15, 200 * M),
  coin("ATOM", "Cosmos", 3.0, 490_000_000, 0.055, 1.2, 0.12, 120 * M),
  coin("ARB", "Arbitrum", 0.25, 5_470_000_000, 0.07, 1.4, 0.2, 400 * M),
  coin("FIL", "Filecoin", 1.9, 700_000_000, 0.065, 1.25, 0.12, 200 * M),
  coin("ALGO", "Algorand", 0.16, 8_800_000_000, 0.06, 1.2, 0.1, 90 * M),
  coin("OP", "Optimism", 0.4, 1_900_000_000, 0.07, 1.4, 0.15, 200 * M),
  coin("EOS", "EOS", 0.3, 1_580_000_000, 0.055, 1.0, 0.08, 40 * M),
  smallCoin("HBAR", "Hedera", 0.17, 42_400_000_000, 90 * M, BIG3),
  smallCoin("ICP", "Internet Computer", 5.0, 535_000_000, 60 * M, [...BIG3, "Coinbase"]),
  smallCoin("VET", "VeChain", 0.02, 86_000_000_000, 30 * M, BIG3),
  smallCoin("INJ", "Injective", 8.0, 97_000_000, 50 * M, [...BIG3, "Kraken"]),
  smallCoin("RENDER", "Render", 2.3, 518_000_000, 45 * M, ["Binance", "Coinbase", "Kraken"]),
  smallCoin("STX", "Stacks", 0.4, 1_500_000_000, 25 * M, ["Binance", "OKX", "Coinbase"]),
  smallCoin("IMX", "Immutable", 0.4, 1_900_000_000, 20 * M, ["Binance", "Coinbase", "KuCoin"]),
  smallCoin("GRT", "The Graph", 0.06, 10_600_000_000, 25 * M, [...USD2, "Binance"]),
  smallCoin("SAND", "The Sandbox", 0.17, 2_500_000_000, 30 * M, ["Binance", "OKX", "GateIO"]),
  smallCoin("MANA", "Decentraland", 0.2, 1_900_000_000, 20 * M, ["Binance", "Coinbase", "Kraken"]),
  smallCoin("AXS", "Axie Infinity", 1.2, 167_000_000, 15 * M, ["Binance", "OKX", "Bybit"]),
  smallCoin("EGLD", "MultiversX", 8.0, 28_500_000, 10 * M, ["Binance", "KuCoin", "GateIO"]),
  smallCoin("FLOW", "Flow", 0.25, 1_600_000_000, 10 * M, [...USD2, "Binance"]),
  smallCoin("XTZ", "Tezos", 0.55, 1_050_000_000, 15 * M, [...USD2, "Binance"]),
  smallCoin("THETA", "Theta Network", 0.4, 1_000_000_000, 10 * M, ["Binance", "Huobi", "KuCoin"]),
  smallCoin("QNT", "Quant", 85, 14_500_000, 12 * M, ["Binance", "Coinbase", "Kraken"]),
  smallCoin("KAS", "Kaspa", 0.05, 26_600_000_000, 35 * M, ["GateIO", "KuCoin", "Bybit"]),
  smallCoin("CRV", "Curve DAO", 0.45, 1_300_000_000, 40 * M, [...BIG3, "Kraken"]),
  smallCoin("LDO", "Lido DAO", 0.7, 890_000_000, 35 * M, [...BIG3, "Coinbase"]),
  smallCoin("SEI", "Sei", 0.15, 6_000_000_000, 40 * M, BIG3),
  smallCoin("TIA", "Celestia", 0.8, 800_000_000, 30 * M, [...BIG3, "Coinbase"]),
  smallCoin("DASH", "Dash", 40, 12_500_000, 25 * M, ["Binance", "Kraken", "Bitfinex"]),
  smallCoin("CHZ", "Chiliz", 0.035, 10_000_000_000, 15 * M, ["Binance", "Coinbase", "OKX"]),
  smallCoin("ZEC", "Zcash", 450, 16_300_000, 60 * M, ["Binance", "Kraken", "Coinbase"]),
];

export const EXCHANGES: readonly Exchange[] = [
  {
    name: "Binance",
    quotes: ["USDT", "USDC", "BTC"],
    size: 1.0,
    premiumBp: 0,
    spreadBp: 1,
    style: "concat",
    unlisted: ["XMR"],
  },
  {
    name: "Coinbase",
    quotes: ["USD", "EUR", "USDC"],
    size: 0.65,
    premiumBp: 4,
    spreadBp: 2,
    style: "dash",
    unlisted: ["BNB", "TRX", "XMR", "EOS", "USDC", "ETC", "ALGO"],
  },
  {
    name: "Kraken",
    quotes: ["USD", "EUR"],
    size: 0.4,
    premiumBp: 3,
    spreadBp: 3,
    style: "kraken",
    unlisted: ["BNB", "TRX", "NEAR", "APT", "ARB", "OP"],
  },
  {
    name: "Bitfinex",
    quotes: ["USD", "USDT"],
    size: 0.25,
    premiumBp: 6,
    spreadBp: 4,
    style: "bitfinex",
    unlisted: ["BNB", "USDC", "BCH", "NEAR", "APT", "ARB", "OP", "ATOM", "AAVE", "ALGO"],
  },
  {
    name: "Bitstamp",
    quotes: ["USD", "EUR"],
    size: 0.2,
    premiumBp: 2,
    spreadBp: 5,
    style: "lower",
    unlisted: ["BNB", "TRX", "XMR", "NEAR", "ETC", "APT", "ATOM", "ARB", "FIL", "ALGO", "OP", "EOS"],
  },
  {
    name: "OKX",
    quotes: ["USDT", "USDC", "BTC"],
    size: 0.7,
    premiumBp: -1,
    spreadBp: 2,
    style: "dash",
    unlisted: ["XMR"],
  },
  {
    name: "Huobi",
    quotes: ["USDT", "BTC"],
    size: 0.35,
    premiumBp: -4,
    spreadBp: 5,
    style: "lower",
    unlisted: ["XMR", "ALGO", "ATOM", "APT", "FIL", "OP"],
  },
  {
    name: "GateIO",
    quotes: ["USDT", "BTC"],
    size: 0.3,
    premiumBp: -3,
    spreadBp: 6,
    style: "underscore",
    unlisted: ["AAVE", "ARB"],
  },
  {
    name: "KuCoin",
    quotes: ["USDT", "BTC"],
    size: 0.35,
    premiumBp: -2,
    spreadBp: 5,
    style: "dash",
    unlisted: ["ETC", "ALGO"],
  },
  {
    name: "Bybit",
    quotes: ["USDT", "USDC"],
    size: 0.6,
    premiumBp: -1,
    spreadBp: 2,
    style: "concat",
    unlisted: ["XMR", "EOS"],
  },
];

const coinsBySymbol: ReadonlyMap<string, Coin> = new Map(COINS.map((c) => [c.symbol, c]));
const exchangesByName: ReadonlyMap<string, Exchange> = new Map(EXCHANGES.map((e) => [e.name, e]));

export function exchangeByName(name: string): Exchange | undefined {
  return exchangesByName.get(name);
}

/** The coin's full name; an unknown symbol is its own name (as the public service's NameForSymbol does). */
export function nameForSymbol(symbol: string): string {
  return coinsBySymbol.get(symbol)?.name ?? symbol;
}
