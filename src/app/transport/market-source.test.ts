import { describe, expect, it } from "vitest";
import { MarketSourceStore, parseMarketSource, spokeMarketSourceKey } from "./market-source.ts";

/** A Storage over a Map, as localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("parseMarketSource", () => {
  it("reads the simulator and the exchanges with their counts", () => {
    expect(parseMarketSource("simulator")).toEqual({ kind: "simulator", fallback: false });
    // Standing in for exchanges the service could not reach.
    expect(parseMarketSource("simulator; fallback")).toEqual({ kind: "simulator", fallback: true });
    expect(parseMarketSource("exchanges; live=7; total=10")).toEqual({
      kind: "exchanges",
      live: 7,
      total: 10,
    });
    expect(parseMarketSource("exchanges;total=10;live=0")).toEqual({ kind: "exchanges", live: 0, total: 10 });
  });

  it("claims nothing for what it cannot read", () => {
    for (const header of [
      null,
      "",
      "simulated",
      "exchanges",
      "exchanges; live=7",
      "exchanges; live=11; total=10",
      "exchanges; live=-1; total=10",
      "exchanges; live=1.5; total=10",
      "simulator, exchanges; live=1; total=2",
    ]) {
      expect(parseMarketSource(header), String(header)).toBeNull();
    }
  });
});

describe("MarketSourceStore", () => {
  it("says nothing before an answer, then what the last answer said", () => {
    const store = new MarketSourceStore("http://a.test", memoryStorage());
    expect(store.get()).toEqual({ source: null, heard: false, spokeBefore: false });
    let told = 0;
    store.subscribe(() => told++);
    store.heard("simulator");
    expect(store.get()).toEqual({
      source: { kind: "simulator", fallback: false },
      heard: true,
      spokeBefore: true,
    });
    store.heard("simulator");
    expect(told).toBe(1);
    store.heard("exchanges; live=3; total=4");
    expect(store.get().source).toEqual({ kind: "exchanges", live: 3, total: 4 });
    store.heard(null);
    expect(store.get()).toEqual({ source: null, heard: true, spokeBefore: false });
    expect(told).toBe(3);
  });

  it("remembers per service that it spoke the header, never the claim, and forgets when it stops", () => {
    const storage = memoryStorage();
    new MarketSourceStore("http://ours.test", storage).heard("exchanges; live=7; total=10");
    expect(storage.getItem(spokeMarketSourceKey("http://ours.test"))).toBe("1");
    const again = new MarketSourceStore("http://ours.test", storage);
    expect(again.get()).toEqual({ source: null, heard: false, spokeBefore: true });
    expect(new MarketSourceStore("http://public.test", storage).get().spokeBefore).toBe(false);
    again.heard(null);
    expect(new MarketSourceStore("http://ours.test", storage).get().spokeBefore).toBe(false);
  });

  it("works without storage", () => {
    const store = new MarketSourceStore("", null);
    store.heard("simulator");
    expect(store.get().source).toEqual({ kind: "simulator", fallback: false });
  });
});
