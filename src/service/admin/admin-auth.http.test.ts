// Who may use /admin, through the real service: only an admin key opens it (client and write keys are other
// secrets), its description is public and apart from the interface's, every request is limited (by admin key,
// and by address while no valid key is sent), and keys are compared in constant time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IssuedKey } from "../../interface/admin.ts";
import { keyFingerprint, matchKey } from "../access/write-and-admin-keys.ts";
import { ConfigError } from "../config-error.ts";
import { adminRequest, issueKey } from "../testing/admin-requests.ts";
import {
  startTestService,
  TEST_ADMIN_KEY,
  TEST_WRITE_KEY,
  type TestService,
} from "../testing/test-service.ts";

const CONFIGURED_CLIENT_KEY = "configured-client-key-0123456789";
/** What a fresh window allows: RATE_LIMIT for attempts without a valid key, ADMIN_RATE_LIMIT with one. */
const LIMIT = 3;

let service: TestService;
let issued: IssuedKey;
beforeAll(async () => {
  service = await startTestService([
    "--market-coins",
    "BTC,ETH",
    "--rate-limit",
    String(LIMIT),
    "--admin-rate-limit",
    String(LIMIT),
    "--api-keys",
    CONFIGURED_CLIENT_KEY,
  ]);
  issued = await issueKey(service, { name: "Acme portfolio app" });
});
afterAll(async () => {
  await service?.stop();
});

/** A new minute: every window of the last one has passed. */
const nextMinute = () => service.wallClock.advance(61_000);

async function refusal(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { errorcode: number; errormessage: string };
  expect(body.errorcode).toBe(response.status);
  return { status: response.status, message: body.errormessage };
}

describe("who may use /admin", () => {
  it("asks for an admin key when none is sent", async () => {
    nextMinute();
    const response = await adminRequest(service, "GET", "/admin/keys", undefined, null);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer realm="admin"');
    expect((await refusal(response)).message).toMatch(/needs an admin key.*Authorization: Bearer/);
  });

  it("refuses the write key and client keys, however they are sent", async () => {
    nextMinute();
    for (const secret of [TEST_WRITE_KEY, CONFIGURED_CLIENT_KEY]) {
      const response = await adminRequest(service, "GET", "/admin/keys", undefined, secret);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="admin", error="invalid_token"');
      expect((await refusal(response)).message).toMatch(/not valid/);
    }
    nextMinute();
    const asBearer = await adminRequest(service, "GET", "/admin/keys", undefined, issued.secret);
    expect(asBearer.status).toBe(401);
    const asApiKey = await fetch(`${service.url}/admin/keys`, { headers: { "X-Api-Key": issued.secret } });
    expect(asApiKey.status).toBe(401);
    // The issued key itself works where it belongs.
    expect((await service.get("/v1/coins", { headers: { "X-Api-Key": issued.secret } })).status).toBe(200);
  });

  it("refuses a wrong admin key, and opens for the right one", async () => {
    nextMinute();
    const wrong = await adminRequest(service, "GET", "/admin/keys", undefined, `${TEST_ADMIN_KEY}x`);
    expect(wrong.status).toBe(401);
    // As the console sends it from another origin: the CORS headers come with the admin API's answer.
    const right = await fetch(`${service.url}/admin/keys`, {
      headers: { Authorization: `Bearer ${TEST_ADMIN_KEY}`, Origin: "https://console.example" },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get("access-control-allow-origin")).not.toBeNull();
    expect(Array.isArray(await right.json())).toBe(true);
  });

  it("lets a console on another origin change keys: its preflight allows PATCH, PUT and DELETE with the key", async () => {
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const preflight = await fetch(`${service.url}/admin/keys/1/temporary-limit`, {
        method: "OPTIONS",
        headers: {
          Origin: "https://console.example",
          "Access-Control-Request-Method": method,
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-methods")).toContain(method);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    }
  });
});

describe("the admin API's description", () => {
  it("is public, describes /admin only, and is not the interface's", async () => {
    nextMinute();
    const admin = await service.get("/admin/openapi.json");
    expect(admin.status).toBe(200);
    const adminDoc = (await admin.json()) as { info: { title: string }; paths: Record<string, unknown> };
    const v1Doc = (await (await service.get("/v1/openapi.json")).json()) as typeof adminDoc;
    const adminPaths = Object.keys(adminDoc.paths);
    const v1Paths = Object.keys(v1Doc.paths);
    expect(adminPaths).toEqual(
      expect.arrayContaining(["/admin/keys", "/admin/addresses", "/admin/audit", "/admin/usage"]),
    );
    expect(adminPaths.every((path) => path.startsWith("/admin/"))).toBe(true);
    expect(v1Paths.length).toBeGreaterThan(5);
    expect(v1Paths.some((path) => path.startsWith("/admin"))).toBe(false);
    expect(adminDoc.info.title).not.toBe(v1Doc.info.title);
  });
});

describe("limits on /admin", () => {
  it("holds an admin key to ADMIN_RATE_LIMIT, with Retry-After", async () => {
    nextMinute();
    for (let i = 0; i < LIMIT; i++) {
      const response = await adminRequest(service, "GET", "/admin/audit");
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe(`"fair-use";q=${LIMIT};w=60`);
    }
    const over = await adminRequest(service, "GET", "/admin/audit");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refusal(over)).message).toMatch(`limit of ${LIMIT} requests per 60 seconds on /admin`);
    nextMinute();
    expect((await adminRequest(service, "GET", "/admin/audit")).status).toBe(200);
  });

  it("limits failed attempts under the address at RATE_LIMIT, so guessing is slow", async () => {
    nextMinute();
    for (let i = 0; i < LIMIT; i++) {
      const guess = await adminRequest(service, "GET", "/admin/keys", undefined, `guessed-admin-key-${i}`);
      expect(guess.status).toBe(401);
    }
    const over = await adminRequest(service, "GET", "/admin/keys", undefined, "guessed-admin-key-9");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right key is counted apart from the address's spent attempts.
    expect((await adminRequest(service, "GET", "/admin/keys")).status).toBe(200);
  });
});

describe("an admin key that is also another key", () => {
  const parent = mkdtempSync(join(tmpdir(), "admin-auth-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it.each([
    ["a write key", ["--write-keys", TEST_ADMIN_KEY]],
    ["a client key", ["--api-keys", `${TEST_ADMIN_KEY}:50`]],
  ])("is refused at start when it is %s, naming ADMIN_KEYS but not the key", async (_, flags) => {
    const dataDir = mkdtempSync(join(parent, "data-"));
    const started = startTestService(["--market-coins", "BTC", ...flags], { dataDir });
    const error = await started.then(
      async (wrongly) => {
        await wrongly.stop();
        throw new Error("the service started");
      },
      (refused: unknown) => refused,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).setting).toBe("ADMIN_KEYS");
    expect((error as ConfigError).message).toContain(keyFingerprint(TEST_ADMIN_KEY));
    expect((error as ConfigError).message).not.toContain(TEST_ADMIN_KEY);
  });
});

describe("matchKey compares in constant time", () => {
  const keys = ["first-admin-key-aaaaaaaa", "second-admin-key-bb", "third-admin-key-c"];

  /** matchKey with a recording compare: what it compared, and what it found. */
  function compared(presented: string): { found: string | null; lengths: [number, number][] } {
    const lengths: [number, number][] = [];
    const found = matchKey(presented, keys, (a, b) => {
      lengths.push([a.length, b.length]);
      return a.equals(b);
    });
    return { found, lengths };
  }

  it.each([
    ["the first key", keys[0] as string],
    ["the last key", keys[2] as string],
    ["no key", "not-an-admin-key-at-all-but-much-longer-than-any"],
    ["no key, one character short", "first-admin-key-aaaaaaa"],
  ])("compares every key, as equal-length digests, when the match is %s", (_, presented) => {
    const { found, lengths } = compared(presented);
    expect(found).toBe(keys.includes(presented) ? keyFingerprint(presented) : null);
    expect(lengths).toEqual(keys.map(() => [32, 32]));
  });
});
