// What only the SQLite access store has: its tables live in the market store's file, beside the market's
// own connection and schema version, and two processes write that file at once without SQLITE_BUSY.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../store/sqlite-schema.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import { SqliteAccessStore } from "./sqlite-access-store.ts";
import { auditDraft, MINUTE, NOW_MS, newKey, usage } from "./testing/access-store-contract-fixtures.ts";

describe("the SQLite access store", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "access-sqlite-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const openBoth = (dir: string, accessFirst: boolean) => {
    const access = accessFirst ? SqliteAccessStore.open(dir) : undefined;
    const market = SqliteStore.open(dir);
    const both = { market, access: access ?? SqliteAccessStore.open(dir) };
    cleanups.push(
      () => both.access.close(),
      () => both.market.close(),
    );
    return both;
  };

  it.each([
    ["before", true],
    ["after", false],
  ])(
    "opened %s the market store on one file, shares it with the market's writes and keeps its schema",
    async (_, accessFirst) => {
      const dir = dataDir();
      const { market, access } = openBoth(dir, accessFirst);
      await market.setMeta("colour", "red");
      const key = await access.insertKey(newKey("Beside the market"), auditDraft("key.issue", "x"));
      await market.insertSupply({
        symbol: "BTC",
        circulatingSupply: 19_000_000,
        source: "test",
        timeMs: NOW_MS,
        block: 1,
        keyFingerprint: key.fingerprint,
      });
      await access.addUsage([usage("key:beside00", "/v1/supply", 0, 1)]);
      await Promise.all([market.close(), access.close()]);
      // Opened again, in the other order: the market's schema version is its own, and nothing was lost.
      const again = openBoth(dir, !accessFirst);
      expect(await again.market.getMeta("schema_version")).toBe(SCHEMA_VERSION);
      expect(await again.market.getMeta("colour")).toBe("red");
      expect((await again.market.latestSupply("BTC"))?.keyFingerprint).toBe(key.fingerprint);
      expect(await again.access.listKeys()).toEqual([key]);
      expect(await again.access.usageMinutes(MINUTE, MINUTE + 60, null)).toEqual([
        { minute: MINUTE, admitted: 1, refused: 0 },
      ]);
    },
  );

  it("and the market store write one file from two processes at once, neither refused as busy", async () => {
    const dir = dataDir();
    const { market, access } = openBoth(dir, false);
    const counts = 150;
    // .mts: outside this package a .ts file would be loaded as CommonJS, without top-level await.
    const script = join(dir, "other-process.mts");
    const module = fileURLToPath(new URL("./sqlite-access-store.ts", import.meta.url));
    writeFileSync(
      script,
      `import { SqliteAccessStore } from ${JSON.stringify(module)};
const store = SqliteAccessStore.open(${JSON.stringify(dir)});
const key = ${JSON.stringify(newKey("Other"))};
const audit = ${JSON.stringify(auditDraft("key.issue", "Other"))};
for (let i = 0; i < ${counts}; i++) {
  await store.addUsage([${JSON.stringify(usage("other", "/v1/coins", 0, 1))}]);
  if (i % 10 === 0) await store.insertKey({ ...key, hash: key.hash + i }, audit);
}
await store.close();
`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: process.cwd(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    const exited = once(child, "exit");
    let running = true;
    void exited.then(() => {
      running = false;
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    let written = 0;
    while (running) {
      await market.setMeta("tick", String(written));
      await access.addUsage([usage("here", "/v1/coins", 0, 1)]);
      written++;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    clearTimeout(killer);
    const [code] = await exited;
    expect({ code, errors }).toEqual({ code: 0, errors: "" });
    const totals = new Map(
      (await access.usageTotals(MINUTE, MINUTE + 60)).map((t) => [t.client, t.admitted]),
    );
    expect(totals).toEqual(
      new Map([
        ["other", counts],
        ["here", written],
      ]),
    );
    expect(await market.getMeta("tick")).toBe(String(written - 1));
    expect((await access.listKeys()).length).toBe(counts / 10);
    expect(written).toBeGreaterThan(0);
  }, 40_000);
});
