import { describe, expect, it } from "vitest";
import { type Priority, WaitingLine } from "./priority.ts";

describe("WaitingLine", () => {
  it("gives the highest priority first and keeps arrival order within one", () => {
    const line = new WaitingLine<string>();
    const arrivals: [Priority, string][] = [
      ["background", "bg1"],
      ["visible", "v1"],
      ["prefetch", "p1"],
      ["visible", "v2"],
      ["write", "w1"],
      ["background", "bg2"],
    ];
    for (const [priority, item] of arrivals) line.add(priority, item);
    expect([...line.inOrder()]).toEqual(["w1", "v1", "v2", "p1", "bg1", "bg2"]);
    expect(line.countByPriority()).toEqual({ write: 1, visible: 2, prefetch: 1, background: 2 });
    const taken = Array.from({ length: 7 }, () => line.shift());
    expect(taken).toEqual(["w1", "v1", "v2", "p1", "bg1", "bg2", undefined]);
    expect(line.size).toBe(0);
  });

  it("removes a waiting item once", () => {
    const line = new WaitingLine<string>();
    line.add("visible", "a");
    line.add("visible", "b");
    expect(line.remove("a")).toBe(true);
    expect(line.remove("a")).toBe(false);
    expect([...line.inOrder()]).toEqual(["b"]);
  });

  it("refuses a priority it does not know", () => {
    expect(() => new WaitingLine<string>().add("urgent" as Priority, "x")).toThrow(TypeError);
  });
});
