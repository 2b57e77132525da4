// node --import tsx bench/pg-store.bench.ts — the Store on PostgreSQL against the Store on SQLite, measured in
// the same run on the same data: the 30-day seed (the real feed, simulator workers included) through write(),
// the bytes stored per block value, and chart points read from each store (the store's share of a chart
// request's server time), with a comparison of ways to fetch rows from PostgreSQL. Prints its figures;
// BENCHMARKS.md is written by whoever collects them.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { MarketFeed } from "../src/service/market/feed.ts";
import { SimulatorSource } from "../src/service/sources/simulator/simulator-source.ts";
import { dayOfBlockEnd } from "../src/service/store/day-columns.ts";
import { PgStore } from "../src/service/store/pg-store.ts";
import { SqliteStore } from "../src/service/store/sqlite-store.ts";
import type { BlockRow, ChartQuery, Store } from "../src/service/store/store.ts";
import { startPostgres } from "../src/service/testing/servers/postgres-server.ts";
import { serverTimes } from "./pg-server-times.ts";
import { median, table, writeSection } from "./report.ts";

const HISTORY_DAYS = 30;
const EXTRA_DAYS = 110;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const log = (line: string) => console.log(`bench: ${line}`);
const ms = (x: number) => x.toFixed(1);

// Durable PostgreSQL (fsync on), as a deployment runs it; its other settings are the defaults.
const server = await startPostgres({ fsync: true });
const dataDir = mkdtempSync(join(tmpdir(), "bench-pg-store-"));
const admin = postgres(server.url, { max: 1, onnotice: () => {} });
try {
  const now = Date.now();
  const sqlite = SqliteStore.open(dataDir);
  const pg = await PgStore.open(server.url);
  const stores: [string, Store][] = [
    ["SQLite", sqlite],
    ["PostgreSQL", pg],
  ];

  // 1. The seed: the same feed and simulator into each store.
  const seedMs: number[] = [];
  for (const [name, store] of stores) {
    await store.setMeta("seed", "42");
    const started = performance.now();
    await new MarketFeed(store, new SimulatorSource(42), {
      historyDays: HISTORY_DAYS,
      pairs: PAIRS,
    }).catchUpInParallel(now);
    seedMs.push(performance.now() - started);
    log(`${name}: seeded ${HISTORY_DAYS} days in ${ms((seedMs.at(-1) as number) / 1000)} s`);
  }

  // 2. Bytes per block value: every table's bytes (indexes and TOAST included) over 3 values per block row.
  const [{ rows: blockRows, series: seriesCount }] = (await admin`
    SELECT (SELECT count(*)::float8 FROM blocks) AS rows, (SELECT count(*)::int FROM series) AS series`) as unknown as [
    { rows: number; series: number },
  ];
  const sizes = await admin<{ name: string; bytes: number }[]>`
    SELECT relname AS name, pg_total_relation_size(oid)::float8 AS bytes FROM pg_class
    WHERE relname IN ('blocks', 'day_columns', 'trades', 'series', 'supply', 'rates', 'meta', 'schema_migrations')`;
  const pgBytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const bytesOf = (name: string) => sizes.find((s) => s.name === name)?.bytes ?? 0;
  await sqlite.close();
  const sqliteBytes = statSync(join(dataDir, "market.sqlite")).size;
  const reopened = SqliteStore.open(dataDir);
  stores[0] = ["SQLite", reopened];
  // The values stored, whether in rows or packed days: every series' MA120 points over the history (a block
  // has an MA120 point once its series has begun), three filters each.
  let blocksStored = 0;
  for (const { id } of await admin<{ id: number }[]>`SELECT id FROM series`) {
    const points = await pg.chartPoints({
      series: id,
      filter: "MA120",
      from: 0,
      to: Math.floor(now / 1000) + 120,
      scale: "raw",
      limit: Number.MAX_SAFE_INTEGER,
    });
    blocksStored += points.times.length;
  }
  const values = blocksStored * 3;
  log(`${seriesCount} series, ${blockRows} block rows; SQLite ${sqliteBytes} B, PostgreSQL ${pgBytes} B`);

  // 3. A series of 140 days for the 100,000-point read: 110 more days of BTC across exchanges before the
  // seeded month, packed as the feed packs ended days (synthetic values: the work depends on the rows).
  // Each store numbers its series itself.
  const btc = (store: Store) => store.seriesId("BTC", null) as number;
  const firstTime = (await pg.firstBlockTime()) as number;
  for (const [, store] of stores) {
    const extra: BlockRow[] = [];
    for (let i = EXTRA_DAYS * 720; i >= 1; i--) {
      const v = 90_000 + 5_000 * Math.sin(i / 3000);
      const time = firstTime - i * 120;
      extra.push({
        series: btc(store),
        time,
        ma120: v,
        mair120: v,
        medir120: v,
        lastTradeOffset: 60,
        open: v,
        high: v,
        low: v,
        close: v,
        buyVolume: 2.5,
        sellVolume: 2.5,
        tradesLeftOut: 0,
        volumeUSD: 1e6,
        trades: 5,
      });
    }
    await store.write({ blocks: extra });
    const packedUntil = (await store.packedUntil()) as number;
    await store.packDays(dayOfBlockEnd(firstTime - EXTRA_DAYS * 720 * 120), dayOfBlockEnd(firstTime));
    await store.setPackedUntil(packedUntil);
  }

  // 4. Chart points, interleaved engine by engine, each query ending a second earlier (as distinct requests).
  const end = Math.floor(now / 1000) - 1;
  const cases: { name: string; query: (i: number, series: number) => ChartQuery; target: string }[] = [
    {
      name: "30 days at 5m",
      query: (i, series) => ({
        series,
        filter: "MEDIR120",
        from: end - i - 30 * 86_400,
        to: end - i,
        scale: "5m",
        limit: 100_001,
      }),
      target: "≤ 30 ms",
    },
    {
      name: "100,000 raw points",
      query: (i, series) => ({
        series,
        filter: "MEDIR120",
        from: end - i - 100_000 * 120 + 60,
        to: end - i,
        scale: "raw",
        limit: 100_001,
      }),
      target: "—",
    },
  ];
  const chartRows: (string | number)[][] = [];
  for (const c of cases) {
    const times = new Map<string, number[]>(stores.map(([name]) => [name, []]));
    const points = new Map<string, number>();
    for (let i = 0; i < RUNS + 3; i++) {
      for (const [name, store] of stores) {
        const started = performance.now();
        const read = await store.chartPoints(c.query(i, btc(store)));
        if (i >= 3) times.get(name)?.push(performance.now() - started);
        points.set(name, read.times.length);
      }
    }
    const [s, p] = [median(times.get("SQLite") ?? []), median(times.get("PostgreSQL") ?? [])];
    chartRows.push([c.name, points.get("PostgreSQL") ?? 0, ms(p), ms(s), (p / s).toFixed(2), c.target]);
    log(`${c.name}: PostgreSQL ${ms(p)} ms, SQLite ${ms(s)} ms (${points.get("PostgreSQL")} points)`);
  }

  // 5. Ways to fetch one series' rows from PostgreSQL (the 30 seeded days of ETH's rows, not packed).
  const eth = pg.seriesId("ETH", null) as number;
  const client = postgres(server.url, { max: 1, onnotice: () => {} });
  const [from, to] = [firstTime, end + 120];
  const fetches: [string, () => Promise<number>][] = [
    [
      "json_agg, one row of JSON arrays (the reader's way)",
      async () => {
        const [r] = await client<{ t: number[]; v: number[] }[]>`
          SELECT json_agg(time ORDER BY time) AS t, json_agg(medir120 ORDER BY time) AS v FROM blocks
          WHERE series = ${eth} AND time >= ${from} AND time <= ${to}`;
        return r?.v.length ?? 0;
      },
    ],
    [
      "array_agg, one row of PostgreSQL arrays",
      async () => {
        const [r] = await client<{ t: number[]; v: number[] }[]>`
          SELECT array_agg(time ORDER BY time) AS t, array_agg(medir120 ORDER BY time) AS v FROM blocks
          WHERE series = ${eth} AND time >= ${from} AND time <= ${to}`;
        return r?.v.length ?? 0;
      },
    ],
    [
      "one row (a JS object) per block",
      async () =>
        (
          await client`SELECT time, medir120 FROM blocks WHERE series = ${eth} AND time >= ${from} AND time <= ${to}
            ORDER BY time`
        ).length,
    ],
    [
      "one row per block, as value arrays (.values())",
      async () =>
        (
          await client`SELECT time, medir120 FROM blocks WHERE series = ${eth} AND time >= ${from} AND time <= ${to}
            ORDER BY time`.values()
        ).length,
    ],
  ];
  const fetchTimes = fetches.map(() => [] as number[]);
  let fetchedRows = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    for (const [k, [, fetch]] of fetches.entries()) {
      const started = performance.now();
      fetchedRows = await fetch();
      if (i >= 3) fetchTimes[k]?.push(performance.now() - started);
    }
  }
  await client.end();
  const fetchRows = fetches.map(([name], k) => [name, ms(median(fetchTimes[k] ?? []))]);

  await Promise.all(stores.map(([, store]) => store.close()));

  // 5. Server time on PostgreSQL: the service itself (ROLE=all) on this database, the request log's
  // durationMs of sequential chart requests, each naming another endtime so the response cache cannot
  // answer; the first five are not counted (the JIT, and the complete 5m buckets it then keeps).
  const served = await serverTimes(server.url, Math.floor(now / 1000) - 1, [
    ["30 days at 5m", 30 * 86_400, "&scale=5m", "≤ 30 ms"],
    ["100,000 raw points", 100_000 * 120 - 60, "", "—"],
  ]);

  const seedRatio = (seedMs[1] as number) / (seedMs[0] as number);
  const body = [
    `Load average (1, 5, 15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}. PostgreSQL 15 on the same ` +
      "machine (a throw-away cluster, fsync on, default settings); SQLite measured in the same run as the baseline.",
    "",
    table(
      ["Figure", "PostgreSQL", "SQLite (same run)", "Ratio pg/sqlite", "Target"],
      [
        [
          `Seed ${HISTORY_DAYS} days (${seriesCount} series × 3 filters, through the feed and write())`,
          `${ms((seedMs[1] as number) / 1000)} s`,
          `${ms((seedMs[0] as number) / 1000)} s`,
          seedRatio.toFixed(2),
          "≤ 60 s",
        ],
        [
          "Bytes per block value (whole store)",
          (pgBytes / values).toFixed(1),
          (sqliteBytes / values).toFixed(1),
          (pgBytes / sqliteBytes).toFixed(2),
          "≤ 8",
        ],
        ...served.map(([name, points, first, median, target]) => [
          `Chart ${name} (${points} points), server time through HTTP (request log), first / median of 20`,
          `${first} / ${median} ms`,
          "—",
          "—",
          target as string,
        ]),
        ...chartRows.map(([name, points, p, s, ratio, target]) => [
          `Chart ${name} (${points} points), store read, median of ${RUNS}`,
          `${p} ms`,
          `${s} ms`,
          ratio as string,
          target as string,
        ]),
      ],
    ),
    "",
    `PostgreSQL bytes by table: ${sizes.map((s) => `${s.name} ${(s.bytes / 2 ** 20).toFixed(1)} MiB`).join(", ")}` +
      `; block rows alone ${(bytesOf("blocks") / values).toFixed(1)} B/value, packed days alone ` +
      `${(bytesOf("day_columns") / values).toFixed(1)} B/value (${blocksStored} blocks of ${seriesCount} series ` +
      `stored, ${blockRows} of them also as rows: the store keeps rows for the two newest days only).`,
    "",
    `Fetching ${fetchedRows} rows of one series from PostgreSQL, median of ${RUNS}:`,
    "",
    table(["Way", "ms"], fetchRows),
  ].join("\n");
  console.log(`\n${body}`);
  writeSection("store", "npm run bench:scale (bench/pg-store.bench.ts)", body);
} finally {
  await admin.end({ timeout: 1 });
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
