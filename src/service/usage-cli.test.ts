// `npm run usage` as an operator runs it: a separate process reading the data directory a running service
// writes its usage into, printing the same review as GET /admin/usage, as a table or as JSON.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IssuedKey, UsageReview } from "../interface/admin.ts";
import { adminJson, issueKey } from "./testing/admin-requests.ts";
import { startTestService, TEST_NOW, type TestService } from "./testing/test-service.ts";

const CLI = fileURLToPath(new URL("./usage-cli.ts", import.meta.url));
const UNTIL = new Date(TEST_NOW).toISOString();

/** Runs the CLI with `args` and no DATA_DIR or DATABASE_URL from the environment. */
function usage(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: "", DATABASE_URL: "", ROLE: "" };
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", CLI, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), "usage-cli-"));
let service: TestService;
let app: IssuedKey;
let api: UsageReview;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC", "--rate-limit", "3"], { dataDir });
  app = await issueKey(service, { name: "Terminal test app", limit: 2 });
  const get = (path: string, key?: string) =>
    fetch(`http://127.0.0.1:${service.port}${path}`, { headers: key ? { "X-Api-Key": key } : {} }).then(
      (response) => response.arrayBuffer(),
    );
  for (let i = 0; i < 3; i++) await get("/v1/coins", app.secret);
  await get("/v1/pairs", app.secret);
  for (let i = 0; i < 2; i++) await get("/v1/symbols");
  await get("/v1/quotation/NOPE");
  // The admin API's review flushes the service's counts to the store the CLI reads.
  api = await adminJson<UsageReview>(service, "GET", "/admin/usage?period=day");
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run usage", () => {
  it("prints the admin API's review as JSON, while the service runs", async () => {
    expect(api.clients).toHaveLength(2);
    const { code, stdout, stderr } = await usage([
      "--since",
      "24h",
      "--until",
      UNTIL,
      "--json",
      "--data-dir",
      dataDir,
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(api);
  });

  it("prints the same review as a table, a row per client, the most refused first", async () => {
    const { code, stdout } = await usage(["--since", "day", "--until", UNTIL, "--data-dir", dataDir]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `Usage from ${api.from.slice(0, 10)} ${api.from.slice(11, 16)} to ${api.to.slice(0, 10)} ${api.to.slice(11, 16)} UTC (day): 2 clients, the most refused first`,
    );
    expect(lines[2]?.split(/\s{2,}/)).toEqual([
      "CLIENT",
      "ADMITTED",
      "REFUSED",
      "ERRORS",
      "BYTES",
      "FIRST SEEN",
      "LAST SEEN",
      "PEAK/MIN",
      "TOP ENDPOINTS",
    ]);
    const rows = lines.slice(3).map((line) => line.split(/\s{2,}/));
    const minute = `${UNTIL.slice(0, 10)} ${UNTIL.slice(11, 16)}`;
    expect(rows).toEqual(
      api.clients.map((client) => [
        client.keyId === null ? client.client : `${client.name} (${client.client})`,
        String(client.admitted),
        String(client.refused),
        String(client.errors),
        String(client.bytes),
        minute,
        minute,
        String(client.peakPerMinute),
        expect.any(String),
      ]),
    );
    // The key's two refusals put it first; its endpoints, the most used first.
    expect(rows[0]?.[0]).toBe(`Terminal test app (key:${app.key.fingerprint})`);
    expect(rows[0]?.[8]).toBe("GET /v1/coins 2 (1 refused), GET /v1/pairs 0 (1 refused)");
    expect(rows[1]?.[8]).toBe("GET /v1/symbols 2, GET /v1/quotation 1");
  });

  it("reviews any span: a shorter one holds the same minute, one before it nothing", async () => {
    const recent = await usage(["--since", "30m", "--until", UNTIL, "--json", "--data-dir", dataDir]);
    const { period: _, ...span } = api;
    expect(JSON.parse(recent.stdout)).toEqual({
      ...span,
      from: new Date(Date.parse(api.to) - 30 * 60_000).toISOString(),
    });
    const before = await usage([
      "--since",
      "1h",
      "--until",
      new Date(TEST_NOW - 2 * 3_600_000).toISOString(),
      "--data-dir",
      dataDir,
    ]);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/^Usage from .* UTC \(1h\): no requests\n$/);
  });

  it("refuses bad flags and a directory without service data with a clear message and exit code 2", async () => {
    const bad = await usage(["--since", "yesterday", "--data-dir", dataDir]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/--since must be a duration such as 30m, 24h, 7d.*got "yesterday"/);
    const empty = mkdtempSync(join(tmpdir(), "usage-cli-empty-"));
    try {
      const nothing = await usage(["--data-dir", empty]);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toMatch(`no service data in ${empty}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
