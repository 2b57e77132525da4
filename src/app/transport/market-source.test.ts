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
    // The kind it said, to notice a change of source on a later visit; a new store claims nothing from it.
    expect(storage.getItem(spokeMarketSourceKey("http://ours.test"))).toBe("exchanges");
    const again = new MarketSourceStore("http://ours.test", storage);
    expect(again.get()).toEqual({ source: null, heard: false, spokeBefore: true });
    expect(new MarketSourceStore("http://public.test", storage).get().spokeBefore).toBe(false);
    again.heard(null);
    expect(new MarketSourceStore("http://ours.test", storage).get().spokeBefore).toBe(false);
  });

  it("tells when the service's source changes kind, on this visit or since the last, once", () => {
    const storage = memoryStorage();
    const first = new MarketSourceStore("http://ours.test", storage);
    let changes = 0;
    first.onSourceChange(() => changes++);
    first.heard("simulator; fallback");
    first.heard("simulator; fallback");
    expect(changes).toBe(0);
    first.heard("exchanges; live=2; total=10");
    expect(changes).toBe(1);
    // Only the counts changed: the same source.
    first.heard("exchanges; live=5; total=10");
    expect(changes).toBe(1);
    // A later visit whose held answers were the real market's hears the simulator.
    const later = new MarketSourceStore("http://ours.test", storage);
    let laterChanges = 0;
    later.onSourceChange(() => laterChanges++);
    later.heard("simulator");
    expect(laterChanges).toBe(1);
    // An older dashboard's "1" names no kind: nothing to tell.
    storage.setItem(spokeMarketSourceKey("http://old.test"), "1");
    const old = new MarketSourceStore("http://old.test", storage);
    let oldChanges = 0;
    old.onSourceChange(() => oldChanges++);
    old.heard("exchanges; live=1; total=10");
    expect(oldChanges).toBe(0);
  });

  it("works without storage", () => {
    const store = new MarketSourceStore("", null);
    store.heard("simulator");
    expect(store.get().source).toEqual({ kind: "simulator", fallback: false });
  });
});
