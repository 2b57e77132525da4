import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MarketsRetryLog, ROUND_WINDOW_MS } from "./markets-retry-log.ts";

const offline = (host: string) => new Error(`getaddrinfo ENOTFOUND ${host}\n    at GetAddrInfoReqWrap`);

describe("MarketsRetryLog", () => {
  let lines: string[];
  let retryLog: MarketsRetryLog;
  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
    retryLog = new MarketsRetryLog((line) => lines.push(line));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes one line a round naming the exchanges that failed in it, once the round's window has passed", () => {
    const refused = new Error("connect ECONNREFUSED 127.0.0.1:9");
    retryLog.failed("okx", refused, 2000);
    vi.advanceTimersByTime(40);
    retryLog.failed("binance", refused, 2000);
    retryLog.failed("kraken", refused, 2000);
    vi.advanceTimersByTime(ROUND_WINDOW_MS - 41);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual([
      "markets did not load from binance, kraken, okx (connect ECONNREFUSED 127.0.0.1:9); retrying in 2 s",
    ]);
    // The next round, after the backoff: a line of its own.
    vi.advanceTimersByTime(2000);
    retryLog.failed("binance", refused, 4000);
    retryLog.failed("kraken", refused, 4000);
    vi.advanceTimersByTime(ROUND_WINDOW_MS);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      "markets did not load from binance, kraken (connect ECONNREFUSED 127.0.0.1:9); retrying in 4 s",
    );
  });

  it("tells the first of distinct errors, by its exchange, and how many others there were", () => {
    retryLog.failed("binance", offline("api.binance.com"), 1000);
    retryLog.failed("kraken", offline("api.kraken.com"), 1000);
    retryLog.failed("okx", offline("www.okx.com"), 1000);
    retryLog.failed("gate", offline("www.okx.com"), 1000);
    vi.advanceTimersByTime(ROUND_WINDOW_MS);
    expect(lines).toEqual([
      "markets did not load from binance, gate, kraken, okx (binance: getaddrinfo ENOTFOUND api.binance.com; and 2 other errors); retrying in 1 s",
    ]);
  });

  it("gives an exchange a round behind the others a line of its own, with its own delay", () => {
    retryLog.failed("binance", "down", 8000);
    retryLog.failed("htx", "down", 1000);
    retryLog.failed("kraken", "down", 8000);
    vi.advanceTimersByTime(ROUND_WINDOW_MS);
    expect(lines).toEqual([
      "markets did not load from binance, kraken (down); retrying in 8 s",
      "markets did not load from htx (down); retrying in 1 s",
    ]);
  });

  it("writes what it gathered at once when flushed (the source stopping), and nothing after", () => {
    retryLog.failed("bybit", new Error("timed out"), 300);
    retryLog.flush();
    expect(lines).toEqual(["markets did not load from bybit (timed out); retrying in 0.3 s"]);
    vi.advanceTimersByTime(ROUND_WINDOW_MS * 4);
    retryLog.flush();
    expect(lines).toHaveLength(1);
  });
});
