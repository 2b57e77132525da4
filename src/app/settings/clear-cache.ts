// Forgetting the cached data, in memory and in IndexedDB: when the service address changes (the data
// belongs to the other service) and on the user's "Clear cached data".
import type { QueryClient } from "@tanstack/react-query";
import { del } from "idb-keyval";
import { abandonPendingWrites, PERSIST_KEY } from "../queries/query-client.ts";
import { validators } from "../queries/validators.ts";

/** Clears the cache, then the persisted copy, dropping a write under way so no old data comes back. */
export async function clearCachedData(
  client: QueryClient,
  removePersisted: (key: string) => Promise<void> = del,
): Promise<void> {
  await client.cancelQueries();
  // The snapshots taken during the clear hold what is not yet removed, so they are dropped too.
  client.clear();
  abandonPendingWrites();
  // The ETags belong to the cached responses: a new service must not be asked as if they were cached.
  validators.clear();
  await removePersisted(PERSIST_KEY);
}
