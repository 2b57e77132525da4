// Cache invalidation within one process: what a single machine (no REDIS_URL) runs on.
import { describe, expect, it } from "vitest";
import { InProcessInvalidations, type Invalidation } from "./invalidations.ts";
import { openInvalidations } from "./open-invalidations.ts";

describe("market news in one process", () => {
  it("reaches every listener in the order announced, until it unsubscribes", async () => {
    const news = await openInvalidations(null);
    expect(news).toBeInstanceOf(InProcessInvalidations);
    const first: Invalidation[] = [];
    const second: Invalidation[] = [];
    const stopFirst = news.subscribe((item) => first.push(item));
    news.subscribe((item) => second.push(item));
    await news.announce({ kind: "block", lastBlockTime: 120 });
    await news.announce({ kind: "supply", symbol: "BTC" });
    stopFirst();
    await news.announce({ kind: "rates" });
    expect(first).toEqual([
      { kind: "block", lastBlockTime: 120 },
      { kind: "supply", symbol: "BTC" },
    ]);
    expect(second).toEqual([...first, { kind: "rates" }]);
    expect(await news.ping()).toBe(true);
    await news.close();
  });

  it("keeps delivering when a listener throws, and says which news it failed on", async () => {
    const lines: string[] = [];
    const news = new InProcessInvalidations((line) => lines.push(line));
    const heard: Invalidation[] = [];
    news.subscribe(() => {
      throw new Error("cache gone");
    });
    news.subscribe((item) => heard.push(item));
    await news.announce({ kind: "history" });
    expect(heard).toEqual([{ kind: "history" }]);
    expect(lines).toEqual(["market news: a listener of history failed: cache gone"]);
  });

  it("unsubscribes one subscription of a listener subscribed twice, not both", async () => {
    const news = new InProcessInvalidations();
    const heard: Invalidation[] = [];
    const listener = (item: Invalidation) => heard.push(item);
    const stop = news.subscribe(listener);
    news.subscribe(listener);
    stop();
    await news.announce({ kind: "market" });
    expect(heard).toEqual([{ kind: "market" }]);
  });
});
