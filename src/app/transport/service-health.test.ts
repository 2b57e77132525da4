import { describe, expect, it, vi } from "vitest";
import { ServiceHealth } from "./service-health.ts";

describe("ServiceHealth", () => {
  it("remembers when failures began and forgets them at the next answer", () => {
    const health = new ServiceHealth();
    const listener = vi.fn();
    health.subscribe(listener);
    health.failed(1000);
    health.failed(5000);
    expect(health.get().failingSince).toBe(1000);
    expect(listener).toHaveBeenCalledTimes(1);
    health.responded();
    expect(health.get().failingSince).toBeNull();
    health.responded();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps the same snapshot object while nothing changes, as useSyncExternalStore needs", () => {
    const health = new ServiceHealth();
    const first = health.get();
    health.responded();
    expect(health.get()).toBe(first);
  });
});
