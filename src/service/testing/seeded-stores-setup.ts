// vitest's global setup: the directory of the run's seeded stores (seeded-stores.ts), shared by every test
// process of the run and removed after it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SEEDED_STORES_ENV } from "./seeded-stores.ts";

export function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "seeded-stores-"));
  // Read by the test processes, which vitest starts after this with its environment.
  process.env[SEEDED_STORES_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
