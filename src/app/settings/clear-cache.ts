// Forgetting the cached data: every query in memory and the persisted copy in IndexedDB. Needed when the
// service address changes (the data belongs to the other service) and on the user's "Clear cached data".
import type { QueryClient } from "@tanstack/react-query";
import { del } from "idb-keyval";
import { abandonPendingWrites, PERSIST_KEY } from "../queries/query-client.ts";
import { validators } from "../queries/validators.ts";

/**
 * Clears the cache, then removes the persisted copy. A write the persister had under way is dropped (its
 * snapshot holds the old answers); its next write is of the cleared (empty) cache, so nothing of the old
 * data comes back on the next load, however soon.
 */
export async function clearCachedData(
  client: QueryClient,
  removePersisted: (key: string) => Promise<void> = del,
): Promise<void> {
  await client.cancelQueries();
  // The persister is told of each query removed, one by one, and snapshots the cache each time: the
  // snapshots taken during the clear hold what is not yet removed, so they are dropped with those before it.
  client.clear();
  abandonPendingWrites();
  // The validators belong to the answers: a new service's answers must not be asked as if held.
  validators.clear();
  await removePersisted(PERSIST_KEY);
}
