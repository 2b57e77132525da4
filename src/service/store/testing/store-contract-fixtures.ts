// What the Store contract's cases stand on: the databases of the engine under test
// (testing/database-fixtures.ts), and blocks made by hand.
import type { Database, DatabaseFixtures } from "../../testing/database-fixtures.ts";
import type { BlockRow, Store } from "../store.ts";

export type StoreDatabase = Database<Store>;
export type StoreFixtures = DatabaseFixtures<Store>;

/** A block end (a multiple of 120), Unix seconds. */
export const T0 = 1_763_800_200;

/** A block of a series, `i` blocks after T0; `medir` null for a block without trades. */
export function block(series: number, i: number, medir: number | null = 200 + i): BlockRow {
  return {
    series,
    time: T0 + 120 * i,
    ma120: 100 + i,
    mair120: medir === null ? null : medir + 0.5,
    medir120: medir,
    lastTradeOffset: medir === null ? null : 30,
    volumeUSD: medir === null ? 0 : 1000 + i,
    trades: medir === null ? 0 : 3,
    open: medir === null ? null : medir - 1,
    high: medir === null ? null : medir + 2,
    low: medir === null ? null : medir - 2,
    close: medir === null ? null : medir + 1,
    buyVolume: medir === null ? 0 : 1.25 + i / 100,
    sellVolume: medir === null ? 0 : 0.5,
    tradesLeftOut: medir === null ? 0 : 1,
  };
}
