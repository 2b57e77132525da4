// What only the PostgreSQL access store has: its tables come as migration 2 of the market's schema, so a
// cluster's database made before them gains them when the first process of a newer version opens it, with
// the market store opening at the same time. Its behaviour is held by the contract suite.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../store/pg-schema.ts";
import { PgStore } from "../store/pg-store.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestDatabase, testDatabase } from "../testing/servers/postgres-server.ts";
import { PgAccessStore } from "./pg-access-store.ts";
import { auditDraft, newKey } from "./testing/access-store-contract-fixtures.ts";

describe.skipIf(lacksServers("the PostgreSQL access store tests", ["postgresql"]))(
  "the PostgreSQL access store",
  () => {
    const closing: (() => Promise<unknown>)[] = [];
    let database: TestDatabase | undefined;
    afterAll(async () => {
      await Promise.allSettled(closing.map((close) => close()));
      await database?.drop();
    });

    it("adds its tables to a database at the market's first schema version, keeping the market's rows", async () => {
      database = await testDatabase();
      const client = postgres(database.url, { max: 1, onnotice: () => {} });
      closing.push(() => client.end({ timeout: 1 }));
      const [marketTables] = MIGRATIONS;
      await client.begin(async (tx) => {
        await tx`CREATE TABLE schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
        await tx.unsafe(marketTables?.sql ?? "");
        await tx`INSERT INTO schema_migrations (version, name) VALUES (1, 'market tables')`;
        await tx`INSERT INTO meta (key, value) VALUES ('colour', 'red')`;
      });
      // Both stores of a process of the newer version, opening together, as a replica starts.
      const url = database.url;
      const [market, access, other] = await Promise.all([
        PgStore.open(url, { max: 1 }),
        PgAccessStore.open(url, { max: 1 }),
        PgAccessStore.open(url, { max: 1 }),
      ]);
      closing.push(
        () => market.close(),
        () => access.close(),
        () => other.close(),
      );
      const applied = await client<
        { version: number }[]
      >`SELECT version FROM schema_migrations ORDER BY version`;
      expect(applied.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await market.getMeta("colour")).toBe("red");
      expect(await access.accessVersion()).toBe(0);
      const key = await access.insertKey(newKey("After the upgrade"), auditDraft("key.issue", "x"));
      expect(await other.listKeys()).toEqual([key]);
      expect(await other.accessVersion()).toBe(1);
    });
  },
);
