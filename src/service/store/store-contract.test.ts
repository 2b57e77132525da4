// The one Store contract (store-contract.ts) against both engines: SQLite in a temporary folder, and
// PostgreSQL on a database of its own (skipped, saying so, where PostgreSQL is not installed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { testDatabase } from "../testing/servers/postgres-server.ts";
import { PgStore } from "./pg-store.ts";
import { SqliteStore } from "./sqlite-store.ts";
import { describeStoreContract } from "./testing/store-contract.ts";

describeStoreContract("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "store-contract-"));
  return {
    open: async () => SqliteStore.open(dir),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe.skipIf(lacksServers("the Store contract on PostgreSQL", ["postgresql"]))("PostgreSQL", () => {
  describeStoreContract("PostgreSQL", async () => {
    const database = await testDatabase();
    return { open: () => PgStore.open(database.url, { max: 4 }), drop: () => database.drop() };
  });
});
