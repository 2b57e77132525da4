import { describe, expect, it } from "vitest";
import type { BudgetSnapshot } from "../budget/budget-snapshot.ts";
import { describeCost, seriesCost } from "./compare-cost.ts";

const NOW = 1_000_000;
function budget(change: Partial<BudgetSnapshot> = {}): BudgetSnapshot {
  return {
    used: 0,
    limit: 5,
    windowMs: 60_000,
    marginMs: 1_000,
    queued: 0,
    queuedByPriority: { write: 0, visible: 0, prefetch: 0, background: 0 },
    nextSlotAt: null,
    pausedUntil: null,
    ...change,
  };
}

describe("seriesCost", () => {
  it("costs one request, at once while a slot is free", () => {
    expect(describeCost(seriesCost(budget({ used: 3 }), false, NOW), NOW)).toBe("1 request, now");
  });

  it("costs nothing when fresh points are cached", () => {
    expect(describeCost(seriesCost(budget({ used: 5 }), true, NOW), NOW)).toBe("no request (cached), now");
  });

  it("waits for the next free slot when the budget is spent", () => {
    const full = budget({ used: 5, nextSlotAt: NOW + 35_000 });
    expect(describeCost(seriesCost(full, false, NOW), NOW)).toBe("1 request, in about 0:35");
  });

  it("counts what waits ahead of it, but not background refreshes, and a pause", () => {
    const ahead = budget({
      used: 5,
      nextSlotAt: NOW + 10_000,
      queuedByPriority: { write: 0, visible: 5, prefetch: 0, background: 3 },
    });
    expect(seriesCost(ahead, false, NOW).at).toBe(NOW + 10_000 + 61_000);
    const paused = budget({ used: 1, pausedUntil: NOW + 20_000 });
    expect(describeCost(seriesCost(paused, false, NOW), NOW)).toBe("1 request, in about 0:20");
  });
});
