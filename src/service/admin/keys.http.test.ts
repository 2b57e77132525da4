// A client key's life through the real service: issued (its secret shown once), used at once under its
// limit, its limit changed, limited until a time, revoked; every change audited, every refusal naming its
// field and changing nothing. Keys from the settings are imported once and revoked when removed.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEntry, type ClientKey, ClientKeySchema, type IssuedKey } from "../../interface/admin.ts";
import { keyFingerprint } from "../access/write-and-admin-keys.ts";
import { adminJson, adminRequest, issueKey, listKeys } from "../testing/admin-requests.ts";
import {
  fieldsOf,
  startTestService,
  TEST_ADMIN_KEY,
  TEST_WRITE_KEY,
  type TestService,
} from "../testing/test-service.ts";

const ACTOR = `admin:${keyFingerprint(TEST_ADMIN_KEY)}`;
const policy = (q: number) => `"fair-use";q=${q};w=60`;

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH", "--rate-limit", "5"]);
});
afterAll(async () => {
  await service?.stop();
});

const nextMinute = () => service.wallClock.advance(61_000);
const inMinutes = (minutes: number) => new Date(service.wallClock.now() + minutes * 60_000).toISOString();
const asClient = (secret: string) => service.get("/v1/coins", { headers: { "X-Api-Key": secret } });
const audit = (query = "") => adminJson<AuditEntry[]>(service, "GET", `/admin/audit${query}`);

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { errorcode: number; errormessage: string };
  expect(body.errorcode).toBe(response.status);
  return { status: response.status, message: body.errormessage };
}

describe("a key's life", () => {
  let issued: IssuedKey;
  let id: number;

  it("is issued with its secret shown once, never listed with it or its hash", async () => {
    const response = await adminRequest(service, "POST", "/admin/keys", {
      name: "Acme portfolio app",
      contact: "ops@acme.example",
      limit: 7,
    });
    expect(response.status).toBe(201);
    issued = (await response.json()) as IssuedKey;
    id = issued.key.id;
    const hash = createHash("sha256").update(issued.secret).digest("hex");
    expect(issued.secret).toMatch(/^mdq_[A-Za-z0-9_-]{32}$/);
    expect(issued.key).toMatchObject({
      name: "Acme portfolio app",
      contact: "ops@acme.example",
      fingerprint: hash.slice(0, 8),
      role: "client",
      origin: "issued",
      limit: 7,
      state: "active",
      effectiveLimit: 7,
      revokedAt: null,
    });
    const listed = await adminRequest(service, "GET", "/admin/keys");
    const text = await listed.text();
    expect(text).not.toContain(issued.secret);
    expect(text).not.toContain(hash);
    const keys = JSON.parse(text) as ClientKey[];
    expect(keys.find((key) => key.id === id)).toEqual(issued.key);
    for (const key of keys) expect(fieldsOf(key)).toEqual(fieldsOf(ClientKeySchema.shape));
  });

  it("works at once as X-Api-Key, under its own limit", async () => {
    for (let i = 0; i < 7; i++) {
      const response = await asClient(issued.secret);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe(policy(7));
    }
    expect((await asClient(issued.secret)).status).toBe(429);
    // Its last use is recorded.
    await expect
      .poll(async () => (await listKeys(service)).find((k) => k.id === id)?.lastUsedAt, { timeout: 5_000 })
      .toBe(new Date(service.wallClock.now()).toISOString());
  });

  it("takes a new limit at once", async () => {
    nextMinute();
    const changed = await adminJson<ClientKey>(service, "PATCH", `/admin/keys/${id}`, { limit: 3 });
    expect(changed).toMatchObject({ limit: 3, effectiveLimit: 3, state: "active" });
    for (let i = 0; i < 3; i++)
      expect((await asClient(issued.secret)).headers.get("ratelimit-policy")).toBe(policy(3));
    expect((await asClient(issued.secret)).status).toBe(429);
  });

  it("is limited until a time, then under its own limit again", async () => {
    nextMinute();
    const until = inMinutes(10);
    const limited = await adminJson<ClientKey>(service, "PUT", `/admin/keys/${id}/temporary-limit`, {
      limit: 1,
      until,
    });
    expect(limited).toMatchObject({
      state: "limited",
      limit: 3,
      temporaryLimit: { limit: 1, until },
      effectiveLimit: 1,
    });
    const first = await asClient(issued.secret);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe(policy(1));
    expect((await asClient(issued.secret)).status).toBe(429);

    service.wallClock.set(Date.parse(until) + 1);
    const [after] = (await listKeys(service)).filter((k) => k.id === id);
    expect(after).toMatchObject({ state: "active", temporaryLimit: null, effectiveLimit: 3 });
    const again = await asClient(issued.secret);
    expect(again.status).toBe(200);
    expect(again.headers.get("ratelimit-policy")).toBe(policy(3));
  });

  it("has a temporary limit lifted before its time", async () => {
    nextMinute();
    await adminJson(service, "PUT", `/admin/keys/${id}/temporary-limit`, { limit: 2, until: inMinutes(60) });
    expect((await asClient(issued.secret)).headers.get("ratelimit-policy")).toBe(policy(2));
    const lifted = await adminJson<ClientKey>(service, "DELETE", `/admin/keys/${id}/temporary-limit`);
    expect(lifted).toMatchObject({ state: "active", temporaryLimit: null, effectiveLimit: 3 });
    expect((await asClient(issued.secret)).headers.get("ratelimit-policy")).toBe(policy(3));
  });

  it("is revoked: its requests get a 401 that says so, and it can no longer be limited", async () => {
    nextMinute();
    const revoked = await adminJson<ClientKey>(service, "POST", `/admin/keys/${id}/revoke`);
    expect(revoked.state).toBe("revoked");
    expect(revoked.revokedAt).toBe(new Date(service.wallClock.now()).toISOString());
    const refused = await asClient(issued.secret);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toMatch(/revoked/);
    const limit = await adminRequest(service, "PUT", `/admin/keys/${id}/temporary-limit`, {
      limit: 1,
      until: inMinutes(10),
    });
    expect(limit.status).toBe(409);
    expect((await errorOf(limit)).message).toMatch(/revoked/);
  });

  it("has every change in the audit log, newest first, by the admin key's fingerprint, paged with before", async () => {
    const entries = await audit();
    const ours = entries.filter((entry) => entry.actor === ACTOR);
    expect(ours.map((entry) => entry.action)).toEqual([
      "key.revoke",
      "key.unlimit",
      "key.limit",
      "key.limit",
      "key.change",
      "key.issue",
    ]);
    for (const entry of ours) expect(entry.target).toContain(issued.key.fingerprint);
    expect(ours[4]?.detail).toBe("limit 7 → 3");
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const paged: AuditEntry[] = [];
    let before = "";
    for (;;) {
      const page = await audit(`?limit=2${before}`);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page);
      before = `&before=${page[page.length - 1]?.id}`;
    }
    expect(paged).toEqual(entries);
  });
});

describe("refused changes", () => {
  it("name the field or the key, and change nothing stored", async () => {
    nextMinute();
    const key = (await issueKey(service, { name: "Refusals test", limit: 4 })).key;
    // Last-used times noted before are written now, not by the once-a-second flush in the middle (its timer
    // is the system's): what the refusals might change is all that can differ.
    await service.ctx.access.flushUse();
    const keysBefore = await listKeys(service);
    const auditBefore = await audit();

    const refusals: [string, string, unknown, number, RegExp][] = [
      ["POST", "/admin/keys", { name: "" }, 400, /'name'/],
      ["POST", "/admin/keys", { name: "   " }, 400, /'name'/],
      ["POST", "/admin/keys", { name: "x", limit: 2.5 }, 400, /'limit'/],
      ["POST", "/admin/keys", { name: "x", role: "admin" }, 400, /'role'/],
      ["POST", "/admin/keys", '{"name": "Acme"', 400, /JSON/i],
      ["PATCH", `/admin/keys/${key.id}`, { limit: -1 }, 400, /'limit'/],
      ["PATCH", `/admin/keys/${key.id}`, { name: "" }, 400, /'name'/],
      ["PATCH", "/admin/keys/abc", { limit: 1 }, 400, /'id'/],
      ["PUT", `/admin/keys/${key.id}/temporary-limit`, { limit: 1, until: inMinutes(-1) }, 400, /until/],
      ["PUT", `/admin/keys/${key.id}/temporary-limit`, { limit: 1, until: "tomorrow" }, 400, /'until'/],
      ["PUT", `/admin/keys/${key.id}/temporary-limit`, { until: inMinutes(5) }, 400, /'limit'/],
      ["PATCH", "/admin/keys/9999", { limit: 1 }, 404, /no key 9999/],
      ["PUT", "/admin/keys/9999/temporary-limit", { limit: 1, until: inMinutes(5) }, 404, /no key 9999/],
      ["DELETE", "/admin/keys/9999/temporary-limit", undefined, 404, /no key 9999/],
      ["POST", "/admin/keys/9999/revoke", undefined, 404, /no key 9999/],
    ];
    for (const [method, path, body, status, message] of refusals) {
      const response = await adminRequest(service, method, path, body);
      const error = await errorOf(response);
      expect({ method, path, body, ...error }).toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
    }
    await service.ctx.access.flushUse();
    expect(await listKeys(service)).toEqual(keysBefore);
    expect(await audit()).toEqual(auditBefore);
  });
});

describe("write keys in the console", () => {
  it("a write key revoked in the console can no longer post supply", async () => {
    nextMinute();
    const post = () =>
      service.post("/v1/supply?Symbol=ETH&CirculatingSupply=120700001", {
        headers: { Authorization: `Bearer ${TEST_WRITE_KEY}` },
      });
    expect((await post()).status).toBe(200);
    const writer = (await listKeys(service)).find((k) => k.fingerprint === keyFingerprint(TEST_WRITE_KEY));
    expect(writer).toMatchObject({ role: "writer", origin: "WRITE_KEYS", state: "active" });
    await adminJson(service, "POST", `/admin/keys/${writer?.id}/revoke`);
    const refused = await post();
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toMatch(/revoked/);
  });
});

describe("keys from API_KEYS", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "keys-http-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const KEPT = "kept-client-key-0123456789";
  const REMOVED = "removed-client-key-0123456789";

  async function startWith(apiKeys: string): Promise<TestService> {
    return startTestService(["--market-coins", "BTC", "--api-keys", apiKeys], { dataDir });
  }

  it("are imported once across restarts, and one removed from the setting is revoked at the next start", async () => {
    const first = await startWith(`${KEPT}:10,${REMOVED}`);
    let keysAtFirst: ClientKey[];
    try {
      keysAtFirst = await listKeys(first);
      expect((await first.get("/v1/coins", { headers: { "X-Api-Key": REMOVED } })).status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startWith(`${KEPT}:10`);
    try {
      const keys = await listKeys(second);
      const of = (secret: string) => keys.filter((k) => k.fingerprint === keyFingerprint(secret));
      expect(keys).toHaveLength(keysAtFirst.length);
      expect(of(KEPT)).toEqual([expect.objectContaining({ origin: "API_KEYS", limit: 10, state: "active" })]);
      expect(of(REMOVED)).toEqual([expect.objectContaining({ origin: "API_KEYS", state: "revoked" })]);
      const entries = await adminJson<AuditEntry[]>(second, "GET", "/admin/audit?limit=500");
      const imports = entries.filter((e) => e.action === "key.import" && e.actor === "config");
      expect(imports.filter((e) => e.target.includes(keyFingerprint(KEPT)))).toHaveLength(1);
      expect(
        entries.filter(
          (e) => e.action === "key.revoke" && e.actor === "config" && e.detail === "no longer in API_KEYS",
        ),
      ).toHaveLength(1);
      const refused = await second.get("/v1/coins", { headers: { "X-Api-Key": REMOVED } });
      expect(refused.status).toBe(401);
      expect((await second.get("/v1/coins", { headers: { "X-Api-Key": KEPT } })).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
