// The AccessStore contract on client keys: issued and imported once per hash, changed field by field, each
// change stored with its audit entry and a new access version or not at all; last use only ever moves on.
import { beforeAll, describe, expect, it } from "vitest";
import type { AccessStore, NewKey, StoredKey } from "../access-store.ts";
import {
  type AccessFixtures,
  auditAndVersion,
  auditDraft,
  NOW_MS,
  newKey,
} from "./access-store-contract-fixtures.ts";

export function describeKeysContract(fixtures: AccessFixtures): void {
  describe("keys", () => {
    let store: AccessStore;
    beforeAll(async () => {
      store = await fixtures.store();
    });

    it("are stored as given, numbered, never used nor revoked yet, and listed in the order issued", async () => {
      expect(await store.listKeys()).toEqual([]);
      const acme = newKey("Acme", { limit: 20, role: "writer", origin: "API_KEYS" });
      const stored = await store.insertKey(acme, auditDraft("key.issue", "Acme"));
      expect(stored).toEqual({ ...acme, id: stored.id, lastUsedMs: null, revokedMs: null });
      const beta = await store.insertKey(
        newKey("Beta", { temporaryLimit: 0, temporaryUntilMs: NOW_MS + 5_000 }),
        auditDraft("key.issue", "Beta"),
      );
      expect(beta.id).toBeGreaterThan(stored.id);
      expect(beta.temporaryLimit).toBe(0);
      expect(await store.listKeys()).toEqual([stored, beta]);
    });

    it("refuse a second key with a stored hash, auditing nothing and keeping the version", async () => {
      const first = await store.insertKey(newKey("Twice"), auditDraft("key.issue", "Twice"));
      const before = await auditAndVersion(store);
      await expect(
        store.insertKey(newKey("Twice", { name: "Other name" }), auditDraft("key.issue", "again")),
      ).rejects.toThrow();
      expect(await auditAndVersion(store)).toEqual(before);
      expect((await store.listKeys()).filter((k) => k.hash === first.hash)).toEqual([first]);
    });

    it("are audited with their change and make a new access version", async () => {
      const before = await store.accessVersion();
      const key = await store.insertKey(newKey("Audited"), auditDraft("key.issue", "Audited", "limit 5"));
      const [entry] = await store.listAudit(1);
      expect(entry).toEqual({ ...auditDraft("key.issue", "Audited", "limit 5"), id: entry?.id });
      expect(await store.accessVersion()).toBeGreaterThan(before);
      const afterInsert = await store.accessVersion();
      await store.updateKey(key.id, { limit: 3 }, auditDraft("key.change", "Audited", "limit 5 → 3"));
      expect((await store.listAudit(1))[0]?.detail).toBe("limit 5 → 3");
      expect(await store.accessVersion()).toBeGreaterThan(afterInsert);
    });

    it("change only the fields given, null included, and answer the key as it now is", async () => {
      const key = await store.insertKey(
        newKey("Changing", { limit: 9 }),
        auditDraft("key.issue", "Changing"),
      );
      const renamed = await store.updateKey(
        key.id,
        { name: "Changed", contact: "" },
        auditDraft("key.change", "Changing"),
      );
      expect(renamed).toEqual({ ...key, name: "Changed", contact: "" });
      const limited = await store.updateKey(
        key.id,
        { limit: null, temporaryLimit: 1, temporaryUntilMs: NOW_MS + 60_000 },
        auditDraft("key.limit", "Changed"),
      );
      expect(limited).toEqual({
        ...key,
        name: "Changed",
        contact: "",
        limit: null,
        temporaryLimit: 1,
        temporaryUntilMs: NOW_MS + 60_000,
      });
      const revoked = await store.updateKey(
        key.id,
        { temporaryLimit: null, temporaryUntilMs: null, revokedMs: NOW_MS + 1 },
        auditDraft("key.revoke", "Changed"),
      );
      expect(revoked).toEqual({
        ...(limited as StoredKey),
        temporaryLimit: null,
        temporaryUntilMs: null,
        revokedMs: NOW_MS + 1,
      });
      expect((await store.listKeys()).find((k) => k.id === key.id)).toEqual(revoked);
    });

    it("answer null for a change of an unknown key, auditing nothing and keeping the version", async () => {
      const before = await auditAndVersion(store);
      expect(await store.updateKey(987_654, { limit: 1 }, auditDraft("key.change", "key 987654"))).toBeNull();
      expect(await store.updateKey(987_654, {}, auditDraft("key.change", "key 987654"))).toBeNull();
      expect(await auditAndVersion(store)).toEqual(before);
    });

    it("keep a change that cannot be stored out entirely: no half change, no audit, the same version", async () => {
      const key = await store.insertKey(newKey("Atomic", { limit: 4 }), auditDraft("key.issue", "Atomic"));
      const before = await auditAndVersion(store);
      // A temporary limit needs its end, and a limit is never negative: both break the table's rules.
      await expect(
        store.updateKey(key.id, { limit: 2, temporaryLimit: 1 }, auditDraft("key.limit", "Atomic")),
      ).rejects.toThrow();
      await expect(
        store.updateKey(key.id, { limit: -1 }, auditDraft("key.change", "Atomic")),
      ).rejects.toThrow();
      expect(await auditAndVersion(store)).toEqual(before);
      expect((await store.listKeys()).find((k) => k.id === key.id)).toEqual(key);
    });

    it("record their last use, never moving it back, without audit or a new version", async () => {
      const [a, b] = [
        await store.insertKey(newKey("Used A"), auditDraft("key.issue", "Used A")),
        await store.insertKey(newKey("Used B"), auditDraft("key.issue", "Used B")),
      ] as [StoredKey, StoredKey];
      const before = await auditAndVersion(store);
      await store.touchKeys(new Map([[a.id, NOW_MS + 5_000]]));
      await store.touchKeys(
        new Map([
          [a.id, NOW_MS + 1_000],
          [b.id, NOW_MS + 2_000],
          [555_555, NOW_MS],
        ]),
      );
      await store.touchKeys(new Map());
      const byId = new Map((await store.listKeys()).map((k) => [k.id, k]));
      expect(byId.get(a.id)?.lastUsedMs).toBe(NOW_MS + 5_000);
      expect(byId.get(b.id)?.lastUsedMs).toBe(NOW_MS + 2_000);
      await store.touchKeys(new Map([[b.id, NOW_MS + 9_000]]));
      expect((await store.listKeys()).find((k) => k.id === b.id)?.lastUsedMs).toBe(NOW_MS + 9_000);
      expect(await auditAndVersion(store)).toEqual(before);
    });
  });

  describe("imports", () => {
    it("add each key whose hash is not stored, audit each added, and answer the added ones", async () => {
      const store = await fixtures.store();
      const issued = await store.insertKey(newKey("Issued"), auditDraft("key.issue", "Issued"));
      const keys = [newKey("Issued", { origin: "API_KEYS" }), newKey("Env one"), newKey("Env two")];
      const audited = (key: NewKey) => ({ ...auditDraft("key.import", key.name), actor: "config" });
      const added = await store.importKeys(keys, audited);
      expect(added.map((k) => k.name)).toEqual(["Env one", "Env two"]);
      expect(await store.listKeys()).toEqual([issued, ...added]);
      const audit = await store.listAudit(10);
      expect(audit.map((e) => [e.actor, e.target])).toEqual([
        ["config", "Env two"],
        ["config", "Env one"],
        ["admin:1f0e9a77", "Issued"],
      ]);
      // Importing again adds nothing, audits nothing, and leaves the version.
      const before = await auditAndVersion(store);
      expect(await store.importKeys(keys, audited)).toEqual([]);
      expect(await store.importKeys([], audited)).toEqual([]);
      expect(await auditAndVersion(store)).toEqual(before);
    });

    it("by two stores at once add each key once and audit it once, neither failing", async () => {
      const database = await fixtures.database();
      const [one, two] = [await database.open(), await database.open()];
      const keys = Array.from({ length: 12 }, (_, i) => newKey(`Replica import ${i}`));
      const audited = (key: NewKey) => ({ ...auditDraft("key.import", key.name), actor: "config" });
      const [a, b] = await Promise.all([
        one.importKeys(keys, audited),
        two.importKeys([...keys].reverse(), audited),
      ]);
      const added = [...a, ...b].map((k) => k.name).sort();
      expect(added).toEqual(keys.map((k) => k.name).sort());
      expect((await one.listKeys()).map((k) => k.name).sort()).toEqual(added);
      expect((await two.listAudit(100)).map((e) => e.target).sort()).toEqual(added);
    });
  });
}
