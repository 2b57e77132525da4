// Forgetting the cached data: every query in memory and the persisted copy in IndexedDB. Needed when the
// service address changes (the data belongs to the other service) and on the user's "Clear cached data".
import type { QueryClient } from "@tanstack/react-query";
import { del } from "idb-keyval";
import { PERSIST_KEY } from "./query-client.ts";
import { validators } from "./validators.ts";

/**
 * Clears the cache, then removes the persisted copy. The persister may still write once more after the
 * clear; it writes the cleared (empty) cache, so nothing of the old data comes back on the next load.
 */
export async function clearCachedData(
  client: QueryClient,
  removePersisted: (key: string) => Promise<void> = del,
): Promise<void> {
  await client.cancelQueries();
  client.clear();
  // The validators belong to the answers: a new service's answers must not be asked as if held.
  validators.clear();
  await removePersisted(PERSIST_KEY);
}
