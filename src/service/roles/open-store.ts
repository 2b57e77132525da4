// The store a process opens: PostgreSQL when DATABASE_URL is set (several processes share it), else
// SQLite in the data directory (one process, nothing to install). The data directory keeps one market per
// source: market.sqlite holds the first source's (and the access tables), and another source's market is
// kept beside it in market-<source>.sqlite, so switching between the real market and the simulator never
// asks for another directory and never mixes their values.
import type { Config } from "../config/settings.ts";
import type { MarketSource } from "../config/sources.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import type { Store } from "../store/store.ts";
import { heldMarketSource } from "./store-checks.ts";

export async function openStore(
  config: Config,
  source: MarketSource | null,
  log: (line: string) => void,
): Promise<Store> {
  if (config.databaseUrl === null) {
    let store = SqliteStore.open(config.dataDir);
    const held = source === null ? null : await heldMarketSource(store);
    if (held !== null && held !== source) {
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
