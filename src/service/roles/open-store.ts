// The store a process opens: PostgreSQL when DATABASE_URL is set (several processes share it), else
// SQLite in the data directory (one process, nothing to install).
import type { Config } from "../config/settings.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import type { Store } from "../store/store.ts";

export async function openStore(config: Config, log: (line: string) => void): Promise<Store> {
  if (config.databaseUrl === null) {
    const store = SqliteStore.open(config.dataDir);
    for (const notice of store.notices) log(notice);
    return store;
  }
  // Loaded only here: the embedded default never loads PostgreSQL's client.
  const { PgStore } = await import("../store/pg-store.ts");
  return PgStore.open(config.databaseUrl);
}
