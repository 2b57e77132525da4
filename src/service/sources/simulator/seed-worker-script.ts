// The seed worker's code as one JavaScript module, bundled by esbuild once per process: a worker started
// from TypeScript (seed-worker-entry.mjs) loads some thirty modules through tsx's loader, a slow start.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The bundle, or the TypeScript entry and why bundling failed. */
type Script = { url: URL; failed: false } | { url: URL; failed: true; error: unknown };

let script: Promise<Script> | null = null;

/**
 * Where a seed worker starts from: the bundle, or the TypeScript entry when bundling failed (the same rows,
 * a slower start); `onFallback` is told why at every call, so a slow seed says so.
 */
export async function seedWorkerScript(onFallback: (error: unknown) => void): Promise<URL> {
  script ??= bundle().then(
    (url): Script => ({ url, failed: false }),
    (error: unknown): Script => ({
      url: new URL("./seed-worker-entry.mjs", import.meta.url),
      failed: true,
      error,
    }),
  );
  const made = await script;
  if (made.failed) onFallback(made.error);
  return made.url;
}

async function bundle(): Promise<URL> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./seed-worker.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  const code = (result.outputFiles[0] as { contents: Uint8Array }).contents;
  // Named by its content: processes seeding at once (tests) share a file that never changes once written.
  const dir = join(tmpdir(), "crowd-market-data");
  const file = join(dir, `seed-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return pathToFileURL(file);
}
