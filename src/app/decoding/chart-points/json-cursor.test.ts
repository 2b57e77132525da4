import { describe, expect, it } from "vitest";
import { numberEnd } from "./json-cursor.ts";

describe("numberEnd follows JSON's number grammar", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it.each([
    ["0", 1],
    ["-0", 2],
    ["95012.125", 9],
    ["1e-7", 4],
    ["2.5E+10]", 7],
    ["12,", 2],
    ["01", 1],
    ["", 0],
    ["x", 0],
    ["-", -1],
    ["1.", -1],
    ["1e", -1],
    ["1e+", -1],
    [".5", 0],
  ])("%j ends at %d", (text, end) => {
    expect(numberEnd(bytes(text), 0)).toBe(end);
  });
});
