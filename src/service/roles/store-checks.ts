// What a store holds must match what the process is configured for: a simulated market and a real one, two
// seeds, or two coin lists never share a store (their histories would mix). The first process to write
// notes them; every later one, of any role, is held to them.
import type { ChosenConfig } from "../config/settings.ts";
import { ConfigError } from "../config-error.ts";
import type { MarketSource } from "../sources/market-settings.ts";
import type { Store } from "../store/store.ts";

const SEED_META = "seed";
const MARKET_COINS_META = "market_coins";
const MARKET_SOURCE_META = "market_source";

/**
 * The source whose market `store` holds, or null for a store without one. A store made before the note
 * existed holds the simulator's.
 */
export async function storedMarketSource(store: Store): Promise<MarketSource | null> {
  const [source, lastEnd] = await Promise.all([store.getMeta(MARKET_SOURCE_META), store.lastBlockTime()]);
  if (source === "simulator" || source === "exchanges") return source;
  return lastEnd !== null ? "simulator" : null;
}

/** Where the configuration's store is, for messages: the data directory, or PostgreSQL (no password). */
function where(config: ChosenConfig): string {
  if (config.databaseUrl === null) return config.dataDir;
  const url = new URL(config.databaseUrl);
  return `the database ${url.pathname.slice(1) || "(default)"} at ${url.hostname}`;
}

/**
 * Checks the store against the configuration; `note` (a writing role) records the values of a new store.
 * Throws a ConfigError naming the setting that differs.
 */
export async function checkStoreFits(store: Store, config: ChosenConfig, note: boolean): Promise<void> {
  const [seed, coins, source, lastEnd] = await Promise.all([
    store.getMeta(SEED_META),
    store.getMeta(MARKET_COINS_META),
    store.getMeta(MARKET_SOURCE_META),
    store.lastBlockTime(),
  ]);
  const hasMarket = lastEnd !== null;
  const wantedCoins = config.marketCoins === null ? "all" : config.marketCoins.join(",");
  // A store made before a note existed holds the simulator's market of all coins.
  const storedSource = source ?? (hasMarket ? "simulator" : null);
  const storedCoins = coins ?? (hasMarket ? "all" : null);
  const another = config.databaseUrl === null ? "DATA_DIR" : "database";
  if (seed !== null && seed !== String(config.seed)) {
    throw new ConfigError(
      `SEED (--seed) is ${config.seed}, but ${where(config)} holds a market seeded with ${seed}; ` +
        `start with --seed ${seed} or another ${another}`,
      "SEED",
    );
  }
  if (storedCoins !== null && storedCoins !== wantedCoins) {
    throw new ConfigError(
      `MARKET_COINS (--market-coins) is ${wantedCoins}, but ${where(config)} holds a market of ` +
        `${storedCoins === "all" ? "all coins" : storedCoins}; start with --market-coins ${storedCoins} or another ${another}`,
      "MARKET_COINS",
    );
  }
  if (storedSource !== null && storedSource !== config.marketSource) {
    throw new ConfigError(
      `MARKET_SOURCE (--market) is ${config.marketSource}, but ${where(config)} holds a market from the ${storedSource}; ` +
        `start with --market ${storedSource} or another ${another}`,
      "MARKET_SOURCE",
    );
  }
  if (!note) return;
  const meta: Record<string, string> = {};
  if (seed === null) meta[SEED_META] = String(config.seed);
  if (coins === null) meta[MARKET_COINS_META] = wantedCoins;
  if (source === null) meta[MARKET_SOURCE_META] = config.marketSource;
  if (Object.keys(meta).length > 0) await store.write({ meta });
}
