import { describe, expect, it } from "vitest";
import { committable } from "./use-date-draft.ts";

describe("committable", () => {
  it("commits a day, empties to the latest, and waits on a half-typed year", () => {
    expect(committable("2024-03-09")).toBe("2024-03-09");
    expect(committable("")).toBeNull();
    expect(committable("0002-03-09")).toBeUndefined();
    expect(committable("0202-03-09")).toBeUndefined();
  });
});
