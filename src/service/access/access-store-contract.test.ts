// The one AccessStore contract (access-store-contract.ts) against both engines: SQLite in a temporary folder,
// and PostgreSQL on a database of its own (skipped, saying so, where PostgreSQL is not installed).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { testDatabase } from "../testing/servers/postgres-server.ts";
import { PgAccessStore } from "./pg-access-store.ts";
import { SqliteAccessStore } from "./sqlite-access-store.ts";
import { describeAccessStoreContract } from "./testing/access-store-contract.ts";

describeAccessStoreContract("SQLite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "access-contract-"));
  return {
    open: async () => SqliteAccessStore.open(dir),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe.skipIf(lacksServers("the AccessStore contract on PostgreSQL", ["postgresql"]))("PostgreSQL", () => {
  describeAccessStoreContract("PostgreSQL", async () => {
    const database = await testDatabase();
    return { open: () => PgAccessStore.open(database.url, { max: 3 }), drop: () => database.drop() };
  });
});
