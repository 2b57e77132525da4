import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { seedWorkerScript } from "./seed-worker-script.ts";

describe("seedWorkerScript", () => {
  it("is the worker bundled into one JavaScript module, not the TypeScript entry", async () => {
    const script = await seedWorkerScript();
    expect(script.pathname).toMatch(/\/crowd-market-data\/seed-worker-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(fileURLToPath(script), "utf8");
    // Only Node's own modules are imported: nothing goes through a loader.
    const imports = [...code.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name).toMatch(/^node:/);
    expect(code).toContain("ColumnarAggregator");
  });

  it("is made once per process", async () => {
    expect(await seedWorkerScript()).toBe(await seedWorkerScript());
  });
});
