// Which lane of the budget a query's fetch waits in. A query somebody is looking at and that has nothing to
// show goes as "visible"; refreshing data already on screen is "background"; a query nobody observes yet is
// a "prefetch". The budget serves the lanes in that order (see budget/priority.ts).
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Priority } from "../budget/priority.ts";

export function fetchPriority(client: QueryClient, queryKey: QueryKey): Priority {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query || query.getObserversCount() === 0) return "prefetch";
  return query.state.data === undefined ? "visible" : "background";
}
