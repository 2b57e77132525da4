// An access list on a real SQLite access store in a temporary directory, holding the keys of a Config as
// a started service would import them: for tests of what is decided from the access list.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../config/settings.ts";
import { AccessList } from "../access-list.ts";
import { importConfiguredKeys } from "../config-keys.ts";
import { SqliteAccessStore } from "../sqlite-access-store.ts";

export async function sqliteBook(
  config: Config,
  now: () => number = Date.now,
): Promise<{ book: AccessList; store: SqliteAccessStore; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "access-book-"));
  const store = SqliteAccessStore.open(dir);
  await importConfiguredKeys(
    store,
    { apiKeys: config.apiKeys, writeKeys: config.writeKeys, writeOrigin: "WRITE_KEYS" },
    now(),
  );
  const book = new AccessList(store, config.rateLimit, now, () => undefined);
  await book.open(false);
  return {
    book,
    store,
    close: async () => {
      book.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
