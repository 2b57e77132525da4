import { describe, expect, it } from "vitest";
import { clampToNow, mergeSendLogs, plannedStarts, sendsInWindow, slotFreesAt } from "./send-window.ts";

describe("sendsInWindow", () => {
  it("keeps a send while now < send + window, like the service", () => {
    expect(sendsInWindow([0, 10, 20], 60, 50)).toEqual([20]);
    expect(sendsInWindow([0, 10, 20], 59, 50)).toEqual([10, 20]);
    expect(sendsInWindow([], 59, 50)).toEqual([]);
  });
});

describe("mergeSendLogs", () => {
  it("keeps each time as often as the log holding it most often", () => {
    expect(mergeSendLogs([1, 2, 2, 5], [2, 3, 5, 5])).toEqual([1, 2, 2, 3, 5, 5]);
    expect(mergeSendLogs([], [4])).toEqual([4]);
    expect(mergeSendLogs([4], [])).toEqual([4]);
  });
});

describe("clampToNow", () => {
  it("reads future times as now, ascending", () => {
    expect(clampToNow([500, 10, 100], 100)).toEqual([10, 100, 100]);
  });
});

describe("slotFreesAt", () => {
  it("is null while the window has room", () => {
    expect(slotFreesAt([1, 2], 3, 60)).toBeNull();
  });

  it("is when the oldest send leaves a full window", () => {
    expect(slotFreesAt([1, 2, 3], 3, 60)).toBe(61);
  });

  it("after a lowered limit, waits until enough sends have left", () => {
    expect(slotFreesAt([1, 2, 3, 4, 5], 3, 60)).toBe(63);
  });
});

describe("plannedStarts", () => {
  it("starts at once while there is room, then as counted sends leave", () => {
    expect(plannedStarts([0], 2, 60, 10, 3)).toEqual([10, 60, 70]);
  });

  it("counts the planned starts themselves once the old sends are gone", () => {
    expect(plannedStarts([0, 10], 2, 60, 20, 4)).toEqual([60, 70, 120, 130]);
  });

  it("starts nothing before `from` (a pause)", () => {
    expect(plannedStarts([], 2, 60, 500, 3)).toEqual([500, 500, 560]);
  });
});
