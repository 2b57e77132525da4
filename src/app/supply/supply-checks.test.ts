import { describe, expect, it } from "vitest";
import {
  checkSupplyDraft,
  checkSymbol,
  checkWriteKey,
  parseSupply,
  suggestSymbol,
  symbolFromSearch,
} from "./supply-checks.ts";

const COINS = [
  { symbol: "BTC", name: "Bitcoin" },
  { symbol: "ETH", name: "Ethereum" },
  { symbol: "wBTC", name: "Wrapped Bitcoin" },
];

describe("parseSupply", () => {
  it.each([
    ["19912345", 19_912_345],
    ["19,912,345", 19_912_345],
    ["19912345.5", 19_912_345.5],
    ["19,912,345.25", 19_912_345.25],
    ["  19 912 345 ", 19_912_345],
    ["19_912_345", 19_912_345],
    ["1.5e9", 1.5e9],
    [".5", 0.5],
    ["+7", 7],
    ["1e15", 1e15],
  ])("reads %s", (text, value) => {
    expect(parseSupply(text)).toEqual({ ok: true, value });
  });

  it.each(["abc", "12abc", "1,2,3", "19,91,2345", "1.2.3", "0x10", "Infinity", "NaN", "1e", "--5"])(
    "says %s is not a number",
    (text) => {
      const result = parseSupply(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/is not a number/);
    },
  );

  it("explains a decimal comma", () => {
    const result = parseSupply("1,5");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/point for decimals/);
  });

  it("asks for a value when empty", () => {
    expect(parseSupply("   ")).toEqual({
      ok: false,
      error: expect.stringMatching(/Enter the circulating supply/),
    });
  });

  it.each(["0", "-5", "−5", "0.0"])("refuses %s as not more than 0", (text) => {
    expect(parseSupply(text)).toEqual({ ok: false, error: "The supply must be more than 0." });
  });

  it("refuses more than 1e15", () => {
    expect(parseSupply("1000000000000001").ok).toBe(false);
    expect(parseSupply("2e15")).toEqual({ ok: false, error: expect.stringMatching(/at most/) });
  });
});

describe("checkSymbol", () => {
  it("accepts a listed symbol as typed, trimmed", () => {
    expect(checkSymbol(" BTC ", COINS)).toEqual({ ok: true, value: "BTC" });
    expect(checkSymbol("wBTC", COINS)).toEqual({ ok: true, value: "wBTC" });
  });

  it("is case-sensitive and names the symbol meant", () => {
    expect(checkSymbol("btc", COINS)).toEqual({
      ok: false,
      error: "Symbols are case-sensitive: did you mean BTC (Bitcoin)?",
    });
    expect(suggestSymbol("WBTC", COINS)?.symbol).toBe("wBTC");
  });

  it("says when a symbol is unknown", () => {
    const result = checkSymbol("NOPE", COINS);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/not a coin the service knows/) });
  });

  it("checks only the shape without a coin list", () => {
    expect(checkSymbol("NOPE", null)).toEqual({ ok: true, value: "NOPE" });
    expect(checkSymbol("a b", null).ok).toBe(false);
    expect(checkSymbol("", null)).toEqual({ ok: false, error: "Enter a coin symbol, e.g. BTC." });
  });
});

describe("checkWriteKey", () => {
  it("needs a key without spaces", () => {
    expect(checkWriteKey("  secret-1 ")).toEqual({ ok: true, value: "secret-1" });
    expect(checkWriteKey("").ok).toBe(false);
    expect(checkWriteKey("two words").ok).toBe(false);
  });
});

describe("checkSupplyDraft", () => {
  it("gives the post when every field is right", () => {
    expect(checkSupplyDraft({ symbol: "ETH", supply: "120,000,000.5", writeKey: "k" }, COINS)).toEqual({
      ok: true,
      post: { symbol: "ETH", circulatingSupply: 120_000_000.5, writeKey: "k" },
    });
  });

  it("names every field's problem", () => {
    const result = checkSupplyDraft({ symbol: "ETH", supply: "abc", writeKey: "" }, COINS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["supply", "writeKey"]);
  });
});

describe("symbolFromSearch", () => {
  it("takes a symbol-shaped ?symbol=", () => {
    expect(symbolFromSearch(new URLSearchParams("symbol=BTC"))).toBe("BTC");
    expect(symbolFromSearch(new URLSearchParams("symbol=%20ETH%20"))).toBe("ETH");
  });

  it("ignores anything else", () => {
    expect(symbolFromSearch(new URLSearchParams(""))).toBe("");
    expect(symbolFromSearch(new URLSearchParams("symbol=<script>"))).toBe("");
  });
});
