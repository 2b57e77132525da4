// What the Store contract's cases stand on: empty databases of the engine under test, the stores opened on
// them (closed and removed after the suite), and blocks made by hand.
import { afterAll } from "vitest";
import type { BlockRow, Store } from "../store.ts";

/** One empty database of an engine. */
export interface StoreDatabase {
  /** Opens a store on it; every call opens another one (another process, as far as the engine knows). */
  open(): Promise<Store>;
  /** Removes the database (its stores are closed first). */
  drop(): Promise<void>;
}

export interface StoreFixtures {
  /** A new empty database whose stores are closed, and which is removed, after the suite. */
  database(): Promise<{ open(): Promise<Store> }>;
  /** A store on a new empty database. */
  store(): Promise<Store>;
}

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
  };
}

export function storeFixtures(newDatabase: () => Promise<StoreDatabase>): StoreFixtures {
  const made: { database: StoreDatabase; stores: Store[] }[] = [];
  afterAll(async () => {
    for (const { database, stores } of made) {
      await Promise.allSettled(stores.map((store) => store.close()));
      await database.drop();
    }
  });
  const database = async () => {
    const entry = { database: await newDatabase(), stores: [] as Store[] };
    made.push(entry);
    return {
      open: async () => {
        const store = await entry.database.open();
        entry.stores.push(store);
        return store;
      },
    };
  };
  return { database, store: async () => (await database()).open() };
}
