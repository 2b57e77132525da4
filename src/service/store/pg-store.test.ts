// What only the PostgreSQL store has: migrations shared by processes starting at once, a schema newer than
// the code refused, the table shapes the scale-out relies on. The Store's behaviour itself is held by the
// contract suite (store-contract.test.ts).
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestDatabase, testDatabase } from "../testing/servers/postgres-server.ts";
import { LATEST_VERSION, MIGRATIONS } from "./pg-schema.ts";
import { PgStore } from "./pg-store.ts";
import { block } from "./testing/store-contract-fixtures.ts";

describe.skipIf(lacksServers("the PostgreSQL store tests", ["postgresql"]))("the PostgreSQL store", () => {
  const databases: TestDatabase[] = [];
  const stores: PgStore[] = [];
  const clients: postgres.Sql[] = [];
  afterAll(async () => {
    await Promise.allSettled([...stores.map((s) => s.close()), ...clients.map((c) => c.end({ timeout: 1 }))]);
    for (const database of databases) await database.drop();
  });
  const freshDatabase = async () => {
    const database = await testDatabase();
    databases.push(database);
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    clients.push(client);
    return { url: database.url, client };
  };
  const open = async (url: string) => {
    const store = await PgStore.open(url, { max: 2 });
    stores.push(store);
    return store;
  };

  it("applies each migration exactly once when several processes open an empty database at once", async () => {
    const { url, client } = await freshDatabase();
    const opened = await Promise.all([open(url), open(url), open(url)]);
    expect(opened.map((s) => s.engine)).toEqual(["postgres", "postgres", "postgres"]);
    const applied = await client<
      { version: number }[]
    >`SELECT version FROM schema_migrations ORDER BY version`;
    expect(applied.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    // And opening again later applies nothing more.
    await open(url);
    expect(await client`SELECT version FROM schema_migrations`).toHaveLength(MIGRATIONS.length);
  });

  it("refuses a database whose schema is newer than the code, naming both versions", async () => {
    const { url, client } = await freshDatabase();
    await open(url);
    const newer = LATEST_VERSION + 7;
    await client`INSERT INTO schema_migrations (version, name) VALUES (${newer}, 'from the future')`;
    await expect(PgStore.open(url)).rejects.toThrow(
      new RegExp(`version ${newer}, newer than this service's ${LATEST_VERSION}`),
    );
  });

  it("stores packed days out of line without compressing them again", async () => {
    const { url, client } = await freshDatabase();
    await open(url);
    const [column] = await client<{ attstorage: string }[]>`
      SELECT attstorage FROM pg_attribute WHERE attrelid = 'day_columns'::regclass AND attname = 'data'`;
    expect(column?.attstorage).toBe("e");
  });

  it("keeps one row per (series, block) and per trade however often they are written", async () => {
    const { url, client } = await freshDatabase();
    const store = await open(url);
    const [series] = (await store.ensureSeries([{ symbol: "AAA", exchange: null }])) as [number];
    const blocks = [0, 1, 2].map((i) => block(series, i));
    const write = {
      blocks,
      trades: [
        {
          series,
          timeMs: 1,
          seq: 1,
          pair: "p",
          price: 1,
          volume: 1,
          estimatedUSDPrice: 1,
          foreignTradeID: "1",
        },
      ],
      days: [{ series, day: 1, data: new Uint8Array([1, 2, 3]) }],
    };
    await store.write(write);
    await store.write(write);
    await store.write({ blocks: [...blocks].reverse() });
    const [counts] = await client<{ blocks: number; trades: number; days: number }[]>`
      SELECT (SELECT count(*)::int FROM blocks) AS blocks, (SELECT count(*)::int FROM trades) AS trades,
        (SELECT count(*)::int FROM day_columns) AS days`;
    expect(counts).toEqual({ blocks: 3, trades: 1, days: 1 });
  });
});
