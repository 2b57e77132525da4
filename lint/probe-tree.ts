// The lint checks' tests run each check on small probe trees: files written to a temporary folder, removed
// after the test file's tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

/** A maker of probe trees named `name-…`; every tree it made is removed after the test file's tests. */
export function probeTrees(name: string): (files: Record<string, string>) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    made.push(dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };
}
