// Many rows into the PostgreSQL store in one statement each: a column per array parameter, unnest-ed
// back into rows (a seed writes millions; one statement per row would be a round trip each). Every upsert
// sets the new values (never adds to the old ones), so writing the same rows twice stores them once.
import type { PgTransaction } from "./pg-connection.ts";
import type { BlockRow, PackedDay, RateRecord, StoredTrade } from "./store.ts";

/** Rows per statement: bounds the size of one statement's parameters (a few MB). */
const CHUNK_ROWS = 50_000;
/** Packed days per statement (a few KB each, one parameter per column and row). */
const DAY_CHUNK = 500;

/**
 * The rows with every key once, the last row of a key winning (as SQLite's INSERT OR REPLACE does):
 * PostgreSQL refuses an ON CONFLICT DO UPDATE that meets the same key twice in one statement. Writes come
 * sorted by key, so the common case is one pass and no copy.
 */
export function lastOfEachKey<T>(
  rows: readonly T[],
  key: (row: T) => string,
  compare?: (a: T, b: T) => number,
): readonly T[] {
  if (compare) {
    let ascending = true;
    for (let i = 1; i < rows.length && ascending; i++)
      ascending = compare(rows[i - 1] as T, rows[i] as T) < 0;
    if (ascending) return rows;
  }
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(key(row), row);
  return [...byKey.values()];
}

function* chunks<T>(rows: readonly T[], size: number): Generator<readonly T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export async function upsertBlocks(tx: PgTransaction, all: readonly BlockRow[]): Promise<void> {
  const rows = lastOfEachKey(
    all,
    (r) => `${r.series}|${r.time}`,
    (a, b) => a.series - b.series || a.time - b.time,
  );
  for (const part of chunks(rows, CHUNK_ROWS)) {
    await tx`
      INSERT INTO blocks (series, time, ma120, mair120, medir120, last_trade_offset, volume_usd, trades,
        open, high, low, close, buy_volume, sell_volume, trades_left_out)
      SELECT * FROM unnest(
        ${part.map((r) => r.series)}::int4[], ${part.map((r) => r.time)}::int8[],
        ${part.map((r) => r.ma120)}::float8[], ${part.map((r) => r.mair120)}::float8[],
        ${part.map((r) => r.medir120)}::float8[], ${part.map((r) => r.lastTradeOffset)}::int2[],
        ${part.map((r) => r.volumeUSD)}::float8[], ${part.map((r) => r.trades)}::int4[],
        ${part.map((r) => r.open)}::float8[], ${part.map((r) => r.high)}::float8[],
        ${part.map((r) => r.low)}::float8[], ${part.map((r) => r.close)}::float8[],
        ${part.map((r) => r.buyVolume)}::float8[], ${part.map((r) => r.sellVolume)}::float8[],
        ${part.map((r) => r.tradesLeftOut)}::int4[])
      ON CONFLICT (series, time) DO UPDATE SET
        ma120 = EXCLUDED.ma120, mair120 = EXCLUDED.mair120, medir120 = EXCLUDED.medir120,
        last_trade_offset = EXCLUDED.last_trade_offset, volume_usd = EXCLUDED.volume_usd,
        trades = EXCLUDED.trades, open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
        close = EXCLUDED.close, buy_volume = EXCLUDED.buy_volume, sell_volume = EXCLUDED.sell_volume,
        trades_left_out = EXCLUDED.trades_left_out`;
  }
}

export async function upsertTrades(tx: PgTransaction, all: readonly StoredTrade[]): Promise<void> {
  const trades = lastOfEachKey(
    all,
    (t) => `${t.series}|${t.timeMs}|${t.seq}`,
    (a, b) => a.series - b.series || a.timeMs - b.timeMs || a.seq - b.seq,
  );
  for (const part of chunks(trades, CHUNK_ROWS)) {
    await tx`
      INSERT INTO trades (series, time_ms, seq, pair, price, volume, usd_price, foreign_id)
      SELECT * FROM unnest(
        ${part.map((t) => t.series)}::int4[], ${part.map((t) => t.timeMs)}::int8[],
        ${part.map((t) => t.seq)}::int4[], ${part.map((t) => t.pair)}::text[],
        ${part.map((t) => t.price)}::float8[], ${part.map((t) => t.volume)}::float8[],
        ${part.map((t) => t.estimatedUSDPrice)}::float8[], ${part.map((t) => t.foreignTradeID)}::text[])
      ON CONFLICT (series, time_ms, seq) DO UPDATE SET
        pair = EXCLUDED.pair, price = EXCLUDED.price, volume = EXCLUDED.volume,
        usd_price = EXCLUDED.usd_price, foreign_id = EXCLUDED.foreign_id`;
  }
}

/** Packed days as multi-row VALUES: the client cannot send an array of bytea. */
export async function upsertDays(tx: PgTransaction, all: readonly PackedDay[]): Promise<void> {
  const days = lastOfEachKey(
    all,
    (d) => `${d.series}|${d.day}`,
    (a, b) => a.series - b.series || a.day - b.day,
  );
  for (const part of chunks(days, DAY_CHUNK)) {
    const rows = part.map((d) => ({
      series: d.series,
      day: d.day,
      data: Buffer.from(d.data.buffer, d.data.byteOffset, d.data.byteLength),
    }));
    await tx`
      INSERT INTO day_columns ${tx(rows, "series", "day", "data")}
      ON CONFLICT (series, day) DO UPDATE SET data = EXCLUDED.data`;
  }
}

export async function upsertRates(tx: PgTransaction, all: readonly RateRecord[]): Promise<void> {
  const rates = lastOfEachKey(all, (r) => `${r.symbol}|${r.effectiveDate}`);
  for (const part of chunks(rates, CHUNK_ROWS)) {
    await tx`
      INSERT INTO rates (symbol, effective_date, value, publication_time, source)
      SELECT * FROM unnest(
        ${part.map((r) => r.symbol)}::text[], ${part.map((r) => r.effectiveDate)}::text[],
        ${part.map((r) => r.value)}::float8[], ${part.map((r) => r.publicationTime)}::text[],
        ${part.map((r) => r.source)}::text[])
      ON CONFLICT (symbol, effective_date) DO UPDATE SET
        value = EXCLUDED.value, publication_time = EXCLUDED.publication_time, source = EXCLUDED.source`;
  }
}

export async function upsertMeta(tx: PgTransaction, meta: ReadonlyMap<string, string>): Promise<void> {
  if (meta.size === 0) return;
  const entries = [...meta];
  await tx`
    INSERT INTO meta (key, value)
    SELECT * FROM unnest(${entries.map((e) => e[0])}::text[], ${entries.map((e) => e[1])}::text[])
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
}
