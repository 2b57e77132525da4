// The house rules of architecture.md are the linter's, not only written down: this runs the project's own
// biome.json (and its re-export plugin) over small probe projects that break one rule each, and checks that
// the linter names exactly that rule. A change of biome.json that silently drops a rule fails here.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");
const probes: string[] = [];

interface Finding {
  category: string;
  path: string;
  message: string;
}

/** Lints a probe project made of `files` (paths as in this repo) under the project's configuration. */
function lint(files: Record<string, string>): Finding[] {
  const dir = mkdtempSync(join(tmpdir(), "rooms-probe-"));
  probes.push(dir);
  for (const name of ["biome.json", ".gitignore", "lint/no-re-exports.grit"]) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    copyFileSync(join(ROOT, name), join(dir, name));
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  let out: string;
  try {
    out = execFileSync(BIOME, ["lint", "--reporter=json", "src"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch (error) {
    // Biome exits 1 when it found errors; the report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  return report.diagnostics.map((d) => ({ category: d.category, path: d.location.path, message: d.message }));
}

afterAll(() => {
  for (const dir of probes) rmSync(dir, { recursive: true, force: true });
});

const CLEAN = {
  "src/interface/vocabulary.ts": "export const BLOCK_SECONDS = 120;\n",
  "src/service/clock.ts":
    'import { BLOCK_SECONDS } from "../interface/vocabulary.ts";\n\nexport const blockMs = BLOCK_SECONDS * 1000;\n',
  "src/app/format.ts":
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe file's own template
    'import { BLOCK_SECONDS } from "../interface/vocabulary.ts";\n\nexport const blockText = `${BLOCK_SECONDS} s`;\n',
};

describe("the rooms, as the linter enforces them", () => {
  it("finds nothing in a probe that keeps the rules (so the findings below are each rule's own)", () => {
    expect(lint(CLEAN)).toEqual([]);
  });

  it("refuses the dashboard importing the service", () => {
    const findings = lint({
      ...CLEAN,
      "src/app/format.ts": 'import { blockMs } from "../service/clock.ts";\n\nexport const ms = blockMs;\n',
    });
    expect(findings).toEqual([
      expect.objectContaining({ category: "lint/style/noRestrictedImports", path: "src/app/format.ts" }),
    ]);
  });

  it("refuses the service importing the dashboard", () => {
    const findings = lint({
      ...CLEAN,
      "src/service/clock.ts":
        'import { blockText } from "../app/format.ts";\n\nexport const text = blockText;\n',
    });
    expect(findings).toEqual([
      expect.objectContaining({ category: "lint/style/noRestrictedImports", path: "src/service/clock.ts" }),
    ]);
  });

  it("refuses the interface importing anything else of the project", () => {
    const findings = lint({
      ...CLEAN,
      "src/interface/vocabulary.ts":
        'import { blockMs } from "../service/clock.ts";\n\nexport const BLOCK_SECONDS = 120;\nexport const ms = blockMs;\n',
    });
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: "lint/style/noRestrictedImports",
        path: "src/interface/vocabulary.ts",
      }),
    );
  });

  it("refuses an import cycle, a type-only one too", () => {
    const findings = lint({
      ...CLEAN,
      "src/service/config/load.ts":
        'import type { Setting } from "./settings.ts";\n\nexport const names = (s: Setting[]) => s.length;\nexport type Port = number;\n',
      "src/service/config/settings.ts":
        'import type { Port } from "./load.ts";\n\nexport interface Setting {\n  port: Port;\n}\n',
    });
    expect(findings.map((f) => [f.category, f.path]).sort()).toEqual([
      ["lint/suspicious/noImportCycles", "src/service/config/load.ts"],
      ["lint/suspicious/noImportCycles", "src/service/config/settings.ts"],
    ]);
  });

  it("refuses re-exporting a name, so every name is imported from the module that defines it", () => {
    const findings = lint({
      ...CLEAN,
      "src/app/decode.ts":
        'export { blockText } from "./format.ts";\n\nexport function decode(text: string): unknown {\n  return JSON.parse(text);\n}\n',
    });
    expect(findings).toContainEqual(
      expect.objectContaining({
        category: "plugin",
        path: "src/app/decode.ts",
        message: "No re-exports: import the name from the module that defines it",
      }),
    );
  });
});
