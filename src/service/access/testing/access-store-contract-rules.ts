// The AccessStore contract on address rules, the audit log and the access version, and on what one store
// writes being what another store on the same database reads (another replica, another process).
import { beforeAll, describe, expect, it } from "vitest";
import type { AccessStore } from "../access-store.ts";
import {
  type AccessFixtures,
  auditAndVersion,
  auditDraft,
  blockRule,
  MINUTE,
  NOW_MS,
  newKey,
  usage,
} from "./access-store-contract-fixtures.ts";

export function describeRulesContract(fixtures: AccessFixtures): void {
  describe("address rules", () => {
    let store: AccessStore;
    beforeAll(async () => {
      store = await fixtures.store();
    });

    it("are stored as given, listed in the order added, and removed with an audit entry", async () => {
      expect(await store.listAddressRules()).toEqual([]);
      const blocked = await store.insertAddressRule(
        blockRule("203.0.113.0/24", { note: "scraper", untilMs: NOW_MS + 3_600_000 }),
        auditDraft("address.add", "203.0.113.0/24"),
      );
      expect(blocked).toEqual({
        ...blockRule("203.0.113.0/24", { note: "scraper", untilMs: NOW_MS + 3_600_000 }),
        id: blocked.id,
      });
      const limited = await store.insertAddressRule(
        blockRule("2001:db8::/32", { action: "limit", limit: 2 }),
        auditDraft("address.add", "2001:db8::/32"),
      );
      expect(await store.listAddressRules()).toEqual([blocked, limited]);
      const before = await auditAndVersion(store);
      expect(await store.deleteAddressRule(blocked.id, auditDraft("address.remove", "203.0.113.0/24"))).toBe(
        true,
      );
      expect(await store.listAddressRules()).toEqual([limited]);
      const after = await auditAndVersion(store);
      expect(after.version).toBeGreaterThan(before.version);
      expect((await store.listAudit(1))[0]?.action).toBe("address.remove");
    });

    it("answer false for removing a rule that is not there, auditing nothing and keeping the version", async () => {
      const rule = await store.insertAddressRule(
        blockRule("198.51.100.7/32"),
        auditDraft("address.add", "x"),
      );
      await store.deleteAddressRule(rule.id, auditDraft("address.remove", "x"));
      const before = await auditAndVersion(store);
      expect(await store.deleteAddressRule(rule.id, auditDraft("address.remove", "x"))).toBe(false);
      expect(await store.deleteAddressRule(424_242, auditDraft("address.remove", "y"))).toBe(false);
      expect(await auditAndVersion(store)).toEqual(before);
    });

    it("keep a rule that breaks the table's rules out, with no audit: a block has no limit, a limit has one", async () => {
      const before = await auditAndVersion(store);
      const rules = await store.listAddressRules();
      await expect(
        store.insertAddressRule(blockRule("192.0.2.0/24", { limit: 3 }), auditDraft("address.add", "bad")),
      ).rejects.toThrow();
      await expect(
        store.insertAddressRule(
          blockRule("192.0.2.0/24", { action: "limit" }),
          auditDraft("address.add", "bad"),
        ),
      ).rejects.toThrow();
      expect(await auditAndVersion(store)).toEqual(before);
      expect(await store.listAddressRules()).toEqual(rules);
    });
  });

  describe("the audit log", () => {
    it("lists the newest first, at most `limit`, and those before an id when asked", async () => {
      const store = await fixtures.store();
      expect(await store.listAudit(10)).toEqual([]);
      for (let i = 0; i < 5; i++) {
        await store.insertAddressRule(blockRule(`192.0.2.${i}/32`), {
          ...auditDraft("address.add", `rule ${i}`),
          timeMs: NOW_MS + i,
        });
      }
      const all = await store.listAudit(10);
      expect(all.map((e) => e.target)).toEqual(["rule 4", "rule 3", "rule 2", "rule 1", "rule 0"]);
      expect(all[0]).toEqual({ ...auditDraft("address.add", "rule 4"), timeMs: NOW_MS + 4, id: all[0]?.id });
      expect((await store.listAudit(2)).map((e) => e.target)).toEqual(["rule 4", "rule 3"]);
      const page = await store.listAudit(2, all[1]?.id);
      expect(page.map((e) => e.target)).toEqual(["rule 2", "rule 1"]);
      expect((await store.listAudit(10, all[4]?.id)).length).toBe(0);
    });
  });

  describe("the access version", () => {
    it("grows with every change of keys or rules, and not with last use, usage or beats", async () => {
      const store = await fixtures.store();
      const versions = [await store.accessVersion()];
      const key = await store.insertKey(newKey("Versioned"), auditDraft("key.issue", "v"));
      versions.push(await store.accessVersion());
      await store.importKeys([newKey("Versioned import")], () => auditDraft("key.import", "v"));
      versions.push(await store.accessVersion());
      await store.updateKey(key.id, { revokedMs: NOW_MS }, auditDraft("key.revoke", "v"));
      versions.push(await store.accessVersion());
      const rule = await store.insertAddressRule(blockRule("192.0.2.1/32"), auditDraft("address.add", "v"));
      versions.push(await store.accessVersion());
      await store.deleteAddressRule(rule.id, auditDraft("address.remove", "v"));
      versions.push(await store.accessVersion());
      for (let i = 1; i < versions.length; i++) {
        expect(versions[i]).toBeGreaterThan(versions[i - 1] as number);
      }
      await store.touchKeys(new Map([[key.id, NOW_MS + 1]]));
      await store.addUsage([usage("key:00000000", "/v1/coins", 0, 1)]);
      await store.beat({ id: "host:1:0", role: "all", startedMs: NOW_MS, seenMs: NOW_MS });
      expect(await store.accessVersion()).toBe(versions.at(-1));
    });
  });

  describe("two stores on one database", () => {
    it("read what the other wrote: keys, rules, audit, version, usage and beats", async () => {
      const database = await fixtures.database();
      const one = await database.open();
      const key = await one.insertKey(newKey("Shared"), auditDraft("key.issue", "Shared"));
      const rule = await one.insertAddressRule(blockRule("192.0.2.9/32"), auditDraft("address.add", "r"));
      await one.touchKeys(new Map([[key.id, NOW_MS + 7]]));
      await one.addUsage([usage("key:5ha4ed00", "/v1/coins", 0, 3)]);
      await one.beat({ id: "one", role: "api", startedMs: NOW_MS, seenMs: NOW_MS });
      const two = await database.open();
      expect(await two.listKeys()).toEqual([{ ...key, lastUsedMs: NOW_MS + 7 }]);
      expect(await two.listAddressRules()).toEqual([rule]);
      expect(await two.listAudit(10)).toEqual(await one.listAudit(10));
      expect(await two.accessVersion()).toBe(await one.accessVersion());
      expect(await two.usageMinutes(0, Number.MAX_SAFE_INTEGER, null)).toEqual([
        { minute: MINUTE, admitted: 3, refused: 0 },
      ]);
      expect((await two.replicasSeenSince(NOW_MS)).map((r) => r.id)).toEqual(["one"]);
      // And the first sees the second's changes after it opened.
      const changed = await two.updateKey(key.id, { limit: 1 }, auditDraft("key.change", "Shared"));
      expect((await one.listKeys())[0]).toEqual(changed);
      expect(await one.accessVersion()).toBe(await two.accessVersion());
    });
  });
}
