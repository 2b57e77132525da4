// Copies the market store of the run's first service into the second's data directory before the second
// starts (see serviceCommand in services.ts): both simulate the same market (seed, coins, days of history), so
// the second fills only the blocks since the copy instead of seeding the two days again. SQLite's online
// backup: the first service keeps running and writing meanwhile.
// Usage: node --import tsx e2e/copy-store.ts <from data dir> <to data dir>
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error("usage: copy-store.ts <from data dir> <to data dir>");
// A data directory is its owner's only, as the service makes it.
mkdirSync(to, { recursive: true, mode: 0o700 });
const source = new Database(join(from, "market.sqlite"), { readonly: true, fileMustExist: true });
try {
  await source.backup(join(to, "market.sqlite"));
} finally {
  source.close();
}
