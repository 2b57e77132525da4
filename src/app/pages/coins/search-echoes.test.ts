import { describe, expect, it } from "vitest";
import { ECHO_WINDOW_MS, SearchEchoes } from "./search-echoes.ts";

describe("SearchEchoes", () => {
  it("knows late echoes of typing, in order, even when some arrive after newer keystrokes", () => {
    const echoes = new SearchEchoes();
    echoes.typed("e", 0);
    echoes.typed("et", 10);
    echoes.typed("eth", 20);
    expect(echoes.isEcho("e", 30)).toBe(true);
    expect(echoes.isEcho("eth", 40)).toBe(true);
    // "et" was passed over: it can no longer be an echo.
    expect(echoes.isEcho("et", 50)).toBe(false);
  });

  it("takes a value nobody typed as a change from elsewhere", () => {
    const echoes = new SearchEchoes();
    echoes.typed("bit", 0);
    expect(echoes.isEcho("", 10)).toBe(false);
    expect(echoes.isEcho("bit", 20)).toBe(false);
  });

  it("compares without surrounding spaces (a blank search leaves the URL)", () => {
    const echoes = new SearchEchoes();
    echoes.typed(" ", 0);
    expect(echoes.isEcho("", 5)).toBe(true);
  });

  it("forgets typing once the window has passed", () => {
    const echoes = new SearchEchoes();
    echoes.typed("e", 0);
    expect(echoes.isEcho("e", ECHO_WINDOW_MS + 1)).toBe(false);
  });
});
