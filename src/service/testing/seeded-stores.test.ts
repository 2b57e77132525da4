// The run's seeded stores: which services may share one, and that one is seeded once however many test
// processes ask for it at the same time.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { copySeededStore, SEEDED_STORES_ENV, seededStoreFor } from "./seeded-stores.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 30);

describe("seededStoreFor", () => {
  it("shares a store between services that differ only in how they answer", () => {
    const plain = seededStoreFor(["--market", "simulator", "--history-days", "2"], NOW);
    const serving = seededStoreFor(
      [
        "--market",
        "simulator",
        "--history-days",
        "2",
        "--rate-limit",
        "3",
        "--wire",
        "dia",
        "--api-keys",
        "k:5",
      ],
      NOW,
    );
    expect(plain).not.toBeNull();
    expect(serving?.key).toBe(plain?.key);
    // Seeded with the store's settings only.
    expect(serving?.flags).toEqual(["--history-days", "2"]);
  });

  it("keeps apart what the store holds: coins, days, seed, the clock's start", () => {
    const keys = [
      seededStoreFor(["--history-days", "2"], NOW),
      seededStoreFor(["--history-days", "1"], NOW),
      seededStoreFor(["--history-days", "2", "--market-coins", "BTC"], NOW),
      seededStoreFor(["--history-days", "2", "--seed", "7"], NOW),
      seededStoreFor(["--history-days", "2"], NOW + 3_600_000),
    ].map((store) => store?.key);
    expect(new Set(keys).size).toBe(5);
  });

  it("shares nothing for another source or a setting it does not know", () => {
    expect(seededStoreFor(["--market", "exchanges"], NOW)).toBeNull();
    expect(seededStoreFor(["--market", "auto"], NOW)).toBeNull();
    expect(seededStoreFor(["--rates", "issuers"], NOW)).toBeNull();
    expect(seededStoreFor(["--database-url", "postgres://x"], NOW)).toBeNull();
    expect(seededStoreFor(["--history-days=2"], NOW)).toBeNull();
  });
});

describe("copySeededStore", () => {
  const dirs: string[] = [];
  const dir = (prefix: string) => {
    const made = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(made);
    return made;
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  /** A seed that writes a store file (and a request log that is not copied) after a moment. */
  const seeding = () => {
    const seed = vi.fn(async (_flags: string[], into: string) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, "market.sqlite"), "the store");
      writeFileSync(join(into, "requests.log"), "");
    });
    return seed;
  };

  it("seeds once for callers at the same time, and copies the store's files only", async () => {
    vi.stubEnv(SEEDED_STORES_ENV, dir("seeded-root-"));
    const seed = seeding();
    const targets = [dir("data-"), dir("data-"), dir("data-")];
    const store = { key: "store-test", flags: ["--history-days", "2"] };
    expect(await Promise.all(targets.map((target) => copySeededStore(store, target, seed)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(seed).toHaveBeenCalledTimes(1);
    expect(seed.mock.calls[0]?.[0]).toEqual(["--history-days", "2"]);
    for (const target of targets) expect(readdirSync(target)).toEqual(["market.sqlite"]);
  });

  it("copies nothing outside a run that shares stores", async () => {
    vi.stubEnv(SEEDED_STORES_ENV, "");
    const seed = seeding();
    const target = dir("data-");
    expect(await copySeededStore({ key: "store-test", flags: [] }, target, seed)).toBe(false);
    expect(seed).not.toHaveBeenCalled();
    expect(readdirSync(target)).toEqual([]);
  });
});
