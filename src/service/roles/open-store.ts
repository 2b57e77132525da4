// The store a process opens: PostgreSQL when DATABASE_URL is set (several processes share it), else SQLite
// in the data directory. There each source keeps its own market (market.sqlite for the first, then
// market-<source>.sqlite), so switching between the real market and the simulator never mixes their values.
import type { Config } from "../config/settings.ts";
import type { MarketSource } from "../sources/market-settings.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import type { Store } from "../store/store.ts";
import { storedMarketSource } from "./store-checks.ts";

export async function openStore(
  config: Config,
  source: MarketSource | null,
  log: (line: string) => void,
): Promise<Store> {
  if (config.databaseUrl === null) {
    let store = SqliteStore.open(config.dataDir);
    const stored = source === null ? null : await storedMarketSource(store);
    if (stored !== null && stored !== source) {
      await store.close();
      store = SqliteStore.open(config.dataDir, `market-${source}.sqlite`);
    }
    for (const notice of store.notices) log(notice);
    return store;
  }
  // Loaded only here: the embedded default never loads PostgreSQL's client.
  const { PgStore } = await import("../store/pg-store.ts");
  return PgStore.open(config.databaseUrl);
}
