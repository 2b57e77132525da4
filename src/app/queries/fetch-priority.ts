// Which lane of the budget a query's fetch waits in, so that what is on screen with nothing to show goes
// first: "visible", then "prefetch" (nobody observes it yet), then "background" (a refresh).
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { Priority } from "../budget/priority.ts";

export function fetchPriority(client: QueryClient, queryKey: QueryKey): Priority {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (!query || query.getObserversCount() === 0) return "prefetch";
  return query.state.data === undefined ? "visible" : "background";
}
