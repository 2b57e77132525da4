// What the access list decides of a request, from keys and address rules in a real SQLite access store:
// the lowest of overlapping limits, a block over any limit, rules and temporary limits that have ended.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccessList, hashSecret, keyLimit, keyState } from "./access-list.ts";
import type { NewAddressRule, NewKey } from "./access-store.ts";
import { SqliteAccessStore } from "./sqlite-access-store.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DEFAULT_LIMIT = 5;

let dir: string;
let store: SqliteAccessStore;
let now: number;
let book: AccessList;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "access-book-"));
  store = SqliteAccessStore.open(dir);
  now = NOW;
  book = new AccessList(
    store,
    DEFAULT_LIMIT,
    () => now,
    () => undefined,
  );
  await book.open(false);
});
afterEach(async () => {
  book.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const audit = { timeMs: NOW, actor: "admin:test", action: "test", target: "test", detail: "" };

async function addKey(secret: string, change: Partial<NewKey> = {}) {
  const hash = hashSecret(secret);
  return store.insertKey(
    {
      name: secret,
      contact: "",
      hash,
      fingerprint: hash.slice(0, 8),
      role: "client",
      origin: "issued",
      limit: null,
      temporaryLimit: null,
      temporaryUntilMs: null,
      createdMs: NOW,
      ...change,
    },
    audit,
  );
}

async function addRule(cidr: string, rule: Partial<NewAddressRule> = {}) {
  return store.insertAddressRule(
    { cidr, action: "limit", limit: null, untilMs: null, note: "", createdMs: NOW, ...rule },
    audit,
  );
}

describe("requests without a key, under address rules", () => {
  it("get the default limit where no rule applies", async () => {
    await addRule("10.0.0.0/8", { limit: 2 });
    await book.reload();
    expect(book.identify(undefined, "192.0.2.1")).toEqual({
      client: "192.0.2.1",
      limit: DEFAULT_LIMIT,
      key: null,
      refusal: null,
    });
  });

  it("get the lowest limit of the rules that overlap on the address, unlimited only when alone", async () => {
    await addRule("10.0.0.0/8", { limit: 10 });
    await addRule("10.1.2.0/24", { limit: 0 });
    await addRule("10.1.0.0/16", { limit: 3 });
    await addRule("192.0.2.0/24", { limit: 0 });
    await addRule("198.51.100.0/24", { limit: 20 });
    await book.reload();
    expect(book.identify(undefined, "10.1.2.3").limit).toBe(3);
    expect(book.identify(undefined, "10.1.9.9").limit).toBe(3);
    expect(book.identify(undefined, "10.2.0.1").limit).toBe(10);
    expect(book.identify(undefined, "192.0.2.1").limit).toBe(0);
    // A rule may be higher than the default: it is the operator's decision for that range.
    expect(book.identify(undefined, "198.51.100.1").limit).toBe(20);
    expect(book.identify(undefined, "::ffff:10.1.2.3").limit).toBe(3);
  });

  it("are refused when a block covers the address, whatever limits also apply", async () => {
    await addRule("10.1.0.0/16", { limit: 1 });
    await addRule("10.0.0.0/8", { action: "block" });
    await addRule("10.1.2.0/24", { limit: 0 });
    await book.reload();
    expect(book.identify(undefined, "10.1.2.3")).toMatchObject({ client: "10.1.2.3", refusal: "blocked" });
    expect(book.identify("not-issued-key", "10.1.2.3").refusal).toBe("blocked");
    expect(book.identify(undefined, "11.0.0.1").refusal).toBeNull();
  });

  it("stop applying a rule at its end", async () => {
    await addRule("10.0.0.0/8", { action: "block", untilMs: NOW + 60_000 });
    await addRule("10.0.0.0/8", { limit: 1, untilMs: NOW + 120_000 });
    await book.reload();
    expect(book.identify(undefined, "10.0.0.1").refusal).toBe("blocked");
    now = NOW + 60_000;
    expect(book.identify(undefined, "10.0.0.1")).toMatchObject({ refusal: null, limit: 1 });
    now = NOW + 120_000;
    expect(book.identify(undefined, "10.0.0.1")).toMatchObject({ refusal: null, limit: DEFAULT_LIMIT });
  });
});

describe("requests with a key", () => {
  it("are the key's, under its own limit or the default, whatever the address's rules", async () => {
    const own = await addKey("own-limit-key", { limit: 8 });
    const plain = await addKey("default-limit-key");
    await addRule("10.0.0.0/8", { action: "block" });
    await book.reload();
    expect(book.identify("own-limit-key", "10.0.0.1")).toEqual({
      client: `key:${own.fingerprint}`,
      limit: 8,
      key: own,
      refusal: null,
    });
    expect(book.identify("default-limit-key", "10.0.0.1")).toMatchObject({
      client: `key:${plain.fingerprint}`,
      limit: DEFAULT_LIMIT,
    });
  });

  it("are held to a temporary limit until it ends, then to the key's own", async () => {
    const key = await addKey("limited-key", { limit: 8, temporaryLimit: 2, temporaryUntilMs: NOW + 60_000 });
    await book.reload();
    expect(keyState(key, now)).toBe("limited");
    expect(book.identify("limited-key", "192.0.2.1").limit).toBe(2);
    now = NOW + 59_999;
    expect(book.identify("limited-key", "192.0.2.1").limit).toBe(2);
    now = NOW + 60_000;
    expect(keyState(key, now)).toBe("active");
    expect(keyLimit(key, now, DEFAULT_LIMIT)).toBe(8);
    expect(book.identify("limited-key", "192.0.2.1").limit).toBe(8);
  });

  it("are counted under the address and refused when the key is unknown or revoked", async () => {
    const key = await addKey("revoked-key");
    await store.updateKey(key.id, { revokedMs: NOW }, audit);
    await addRule("192.0.2.0/24", { limit: 2 });
    await book.reload();
    expect(book.identify("revoked-key", "192.0.2.1")).toEqual({
      client: "192.0.2.1",
      limit: 2,
      key: null,
      refusal: "revoked-key",
    });
    expect(book.identify("never-issued", "192.0.2.1").refusal).toBe("unknown-key");
  });
});

describe("the book's copy of the store", () => {
  it("is read again when the store's version moves, not before", async () => {
    await book.refresh();
    await addKey("late-key");
    expect(book.identify("late-key", "192.0.2.1").refusal).toBe("unknown-key");
    await book.refresh();
    expect(book.identify("late-key", "192.0.2.1").refusal).toBeNull();
  });

  it("knows writers only among keys in force with the writer role", async () => {
    const writer = await addKey("a-writer", { role: "writer" });
    await addKey("a-client");
    const revoked = await addKey("revoked-writer", { role: "writer" });
    await store.updateKey(revoked.id, { revokedMs: NOW }, audit);
    await book.reload();
    expect(book.writer("a-writer")).toEqual(writer);
    expect(book.writer("a-client")).toBeNull();
    expect(book.writer("revoked-writer")).toBeNull();
    expect(book.writer("")).toBeNull();
    expect(book.writer(undefined)).toBeNull();
  });
});
