import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seedWorkerScript } from "./seed-worker-script.ts";

const noFallback = (error: unknown) => {
  throw new Error(`bundling failed: ${error}`);
};

describe("seedWorkerScript", () => {
  it("is the worker bundled into one JavaScript module, not the TypeScript entry", async () => {
    const script = await seedWorkerScript(noFallback);
    expect(script.pathname).toMatch(/\/crowd-market-data\/seed-worker-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(fileURLToPath(script), "utf8");
    // Only Node's own modules are imported: nothing goes through a loader.
    const imports = [...code.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name).toMatch(/^node:/);
    expect(code).toContain("BlockAggregator");
  });

  it("is made once per process", async () => {
    expect(await seedWorkerScript(noFallback)).toBe(await seedWorkerScript(noFallback));
  });

  describe("when esbuild fails", () => {
    afterEach(() => {
      vi.doUnmock("esbuild");
      vi.resetModules();
    });

    it("is the TypeScript entry, and tells each caller why", async () => {
      const failure = new Error("esbuild: no binary for this platform");
      vi.doMock("esbuild", () => ({
        build: () => Promise.reject(failure),
      }));
      vi.resetModules();
      const fresh: typeof import("./seed-worker-script.ts") = await import("./seed-worker-script.ts");
      const told = vi.fn();
      const script = await fresh.seedWorkerScript(told);
      expect(fileURLToPath(script)).toBe(fileURLToPath(new URL("./seed-worker-entry.mjs", import.meta.url)));
      expect(told).toHaveBeenCalledExactlyOnceWith(failure);
      // The bundle is not tried again, but a later seed is told too: it starts as slowly.
      const again = vi.fn();
      expect(await fresh.seedWorkerScript(again)).toBe(script);
      expect(again).toHaveBeenCalledExactlyOnceWith(failure);
    });
  });
});
