// The access store a process opens, beside its market store and on the same database: PostgreSQL when
// DATABASE_URL is set (every replica sees the same keys, rules and usage), else SQLite in the data directory.
import type { AccessSettings } from "./access-settings.ts";
import type { AccessStore } from "./access-store.ts";
import { SqliteAccessStore } from "./sqlite-access-store.ts";

export async function openAccessStore(
  config: Pick<AccessSettings, "dataDir" | "databaseUrl">,
): Promise<AccessStore> {
  if (config.databaseUrl === null) return SqliteAccessStore.open(config.dataDir);
  // Loaded only here: the embedded default never loads PostgreSQL's client.
  const { PgAccessStore } = await import("./pg-access-store.ts");
  return PgAccessStore.open(config.databaseUrl);
}
