import { describe, expect, it } from "vitest";
import { WakeUpTimer } from "./wake-up-timer.ts";

function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 0;
  return {
    pending,
    setTimer: (fn: () => void, ms: number) => {
      pending.set(++next, { fn, ms });
      return next;
    },
    clearTimer: (handle: unknown) => {
      pending.delete(handle as number);
    },
    fire: () => {
      for (const [handle, { fn }] of pending) {
        pending.delete(handle);
        fn();
      }
    },
  };
}

describe("WakeUpTimer", () => {
  it("keeps one timer for the latest due time asked for", () => {
    const timers = manualTimers();
    let woken = 0;
    const wakeUp = new WakeUpTimer(timers.setTimer, timers.clearTimer, () => woken++);
    wakeUp.set(1_500, 1_000);
    wakeUp.set(1_200, 1_000);
    expect([...timers.pending.values()].map((timer) => timer.ms)).toEqual([200]);
    expect(wakeUp.due).toBe(1_200);
    timers.fire();
    expect(woken).toBe(1);
    expect(wakeUp.due).toBeNull();
  });

  it("leaves a timer already due at the same time alone, and cancels on null", () => {
    const timers = manualTimers();
    const wakeUp = new WakeUpTimer(timers.setTimer, timers.clearTimer, () => {});
    wakeUp.set(2_000, 1_000);
    const [handle] = timers.pending.keys();
    wakeUp.set(2_000, 1_500);
    expect([...timers.pending.keys()]).toEqual([handle]);
    wakeUp.set(null, 1_500);
    expect(timers.pending.size).toBe(0);
  });

  it("caps the delay at what setTimeout can hold", () => {
    const timers = manualTimers();
    const wakeUp = new WakeUpTimer(timers.setTimer, timers.clearTimer, () => {});
    wakeUp.set(100 * 24 * 3_600_000, 0);
    expect([...timers.pending.values()][0]?.ms).toBe(2 ** 31 - 1);
  });
});
