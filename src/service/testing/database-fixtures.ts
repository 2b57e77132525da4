// What a store's contract suite stands on, whichever store it holds to its contract (the Store, the
// AccessStore): empty databases of the engine under test and the stores opened on them, all closed and
// removed after the suite.
import { afterAll } from "vitest";

/** One empty database of an engine. */
export interface Database<S> {
  /** Opens a store on it; every call opens another one (another process, as far as the engine knows). */
  open(): Promise<S>;
  /** Removes the database (its stores are closed first). */
  drop(): Promise<void>;
}

export interface DatabaseFixtures<S> {
  /** A new empty database whose stores are closed, and which is removed, after the suite. */
  database(): Promise<{ open(): Promise<S> }>;
  /** A store on a new empty database. */
  store(): Promise<S>;
}

export function databaseFixtures<S extends { close(): Promise<void> }>(
  newDatabase: () => Promise<Database<S>>,
): DatabaseFixtures<S> {
  const made: { database: Database<S>; stores: S[] }[] = [];
  afterAll(async () => {
    for (const { database, stores } of made) {
      await Promise.allSettled(stores.map((store) => store.close()));
      await database.drop();
    }
  });
  const database = async () => {
    const entry = { database: await newDatabase(), stores: [] as S[] };
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
