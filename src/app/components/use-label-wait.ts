// How long until a request labelled `label` leaves the budget's queue, in ms; null when it is not waiting,
// or for too short a while to be worth saying.
import { useBudgetSnapshot, useConnection } from "../transport/connection-context.tsx";
import { useNow } from "./use-now.ts";

const WORTH_SAYING_MS = 500;

export function useLabelWait(label: string, active: boolean): number | null {
  const { budget } = useConnection();
  // Re-rendered on every budget change: a send, a pause, the post joining or leaving the queue.
  useBudgetSnapshot();
  const now = useNow(active);
  if (!active) return null;
  const eta = budget.eta(label);
  return eta === null || eta - now <= WORTH_SAYING_MS ? null : eta - now;
}
