// While a request labelled `label` waits in the budget's queue (for a free slot, or out a 429's pause): how
// long until it goes, in ms; null when it is not waiting. Like useQueueWait, for a label that is not a
// query key (the supply post's "supply-post").

import { useBudgetSnapshot, useConnection } from "../transport/connection-context.tsx";
import { useNow } from "./use-now.ts";

export function useLabelWait(label: string, active: boolean): number | null {
  const { budget } = useConnection();
  // Re-rendered on every budget change: a send, a pause, the post joining or leaving the queue.
  useBudgetSnapshot();
  const now = useNow(active);
  if (!active) return null;
  const eta = budget.eta(label);
  return eta === null ? null : Math.max(0, eta - now);
}
