// The request budget's state as its readers see it, apart so request-budget.ts holds only the deciding.
import type { Priority } from "./priority.ts";

export interface BudgetSnapshot {
  /**
   * Sends counted now, other tabs' included: those in the last `windowMs + marginMs`, as each holds its slot
   * that long (see RequestBudgetOptions.marginMs).
   */
  used: number;
  limit: number;
  /** The server's window, ms (without the margin). */
  windowMs: number;
  /** How long past `windowMs` a send still holds its slot, ms. */
  marginMs: number;
  queued: number;
  queuedByPriority: Record<Priority, number>;
  /** Epoch ms when the next start is possible (margin included); null if one could start now. */
  nextSlotAt: number | null;
  /** Epoch ms until which a 429 holds everything; null if not paused. */
  pausedUntil: number | null;
}

export function sameSnapshot(a: BudgetSnapshot, b: BudgetSnapshot): boolean {
  const byPriority = Object.keys(a.queuedByPriority) as Priority[];
  return (
    a.used === b.used &&
    a.limit === b.limit &&
    a.windowMs === b.windowMs &&
    a.marginMs === b.marginMs &&
    a.queued === b.queued &&
    a.nextSlotAt === b.nextSlotAt &&
    a.pausedUntil === b.pausedUntil &&
    byPriority.every((priority) => a.queuedByPriority[priority] === b.queuedByPriority[priority])
  );
}

/** Calls each listener; one that throws must not stall the others or the queue, so its error goes apart. */
export function callEach<A extends unknown[]>(listeners: Iterable<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
