// The Store contract on the records beside the market: meta, circulating supply posts, interest-rate fixings.
import { beforeAll, describe, expect, it } from "vitest";
import type { RateRecord, Store, SupplyRecord } from "../store.ts";
import type { StoreFixtures } from "./store-contract-fixtures.ts";

const supply = (symbol: string, circulatingSupply: number, timeMs: number): SupplyRecord => ({
  symbol,
  circulatingSupply,
  source: "test",
  timeMs,
  block: Math.floor(timeMs / 120_000),
  keyFingerprint: timeMs % 2 === 0 ? "k3y-f1ngerprint" : null,
});

const fixing = (symbol: string, effectiveDate: string, value: number): RateRecord => ({
  symbol,
  effectiveDate,
  value,
  publicationTime: `${effectiveDate}T16:00:00Z`,
  source: "test issuer",
});

export function describeRecordsContract(fixtures: StoreFixtures): void {
  let store: Store;
  beforeAll(async () => {
    store = await fixtures.store();
  });

  describe("meta", () => {
    it("answers null for a key never set, then the value last set", async () => {
      expect(await store.getMeta("colour")).toBeNull();
      await store.setMeta("colour", "red");
      await store.setMeta("colour", "blue");
      await store.setMeta("shape", "round");
      expect(await store.getMeta("colour")).toBe("blue");
      expect(await store.getMeta("shape")).toBe("round");
    });
  });

  describe("supply", () => {
    it("answers the latest post of a symbol, whatever its time, and null for a symbol never posted", async () => {
      expect(await store.latestSupply("SUP")).toBeNull();
      await store.insertSupply(supply("SUP", 100, 2_000_000));
      await store.insertSupply(supply("OTHER", 7, 3_000_001));
      // Posted later with an earlier time: the latest post wins, not the latest time.
      await store.insertSupply(supply("SUP", 250.5, 1_000_001));
      expect(await store.latestSupply("SUP")).toEqual(supply("SUP", 250.5, 1_000_001));
      expect(await store.latestSupply("OTHER")).toEqual(supply("OTHER", 7, 3_000_001));
    });

    it("keeps the key fingerprint of a post", async () => {
      await store.insertSupply(supply("FPR", 1, 2));
      expect((await store.latestSupply("FPR"))?.keyFingerprint).toBe("k3y-f1ngerprint");
    });
  });

  describe("rates", () => {
    it("answers a rate's fixings by ascending effective date, a fixing of the same day replacing the old", async () => {
      await store.insertRates([
        fixing("€STR", "2024-03-11", 3.9),
        fixing("€STR", "2024-01-02", 3.876),
        fixing("SOFR", "2024-01-02", 5.4),
      ]);
      await store.insertRates([fixing("€STR", "2024-02-29", 3.91), fixing("€STR", "2024-01-02", 3.877)]);
      expect(await store.rateFixings("€STR")).toEqual([
        fixing("€STR", "2024-01-02", 3.877),
        fixing("€STR", "2024-02-29", 3.91),
        fixing("€STR", "2024-03-11", 3.9),
      ]);
      expect(await store.rateFixings("SOFR")).toEqual([fixing("SOFR", "2024-01-02", 5.4)]);
      expect(await store.rateFixings("SONIA")).toEqual([]);
    });

    it("forgets every fixing on deleteRates", async () => {
      await store.insertRates([fixing("SONIA", "2024-01-02", 5.2)]);
      await store.deleteRates();
      expect(await store.rateFixings("SONIA")).toEqual([]);
      expect(await store.rateFixings("€STR")).toEqual([]);
      await store.insertRates([fixing("SONIA", "2024-01-03", 5.1)]);
      expect(await store.rateFixings("SONIA")).toEqual([fixing("SONIA", "2024-01-03", 5.1)]);
    });
  });
}
