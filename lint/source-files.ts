// What the lint checks read: the source files of a tree, and the modules each one imports.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseSync } from "oxc-parser";

/** Every TypeScript or JavaScript module under `dir`, at any depth. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) files.push(path);
  }
  return files;
}

/** The specifiers `file` imports: statically, dynamically (a literal) or to re-export. */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const { module } = parseSync(file, source);
  return [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.map((e) => e.moduleRequest?.value ?? "")),
    ...module.dynamicImports.map((entry) => {
      const text = source.slice(entry.moduleRequest.start, entry.moduleRequest.end);
      return /^["'`](.*)["'`]$/.exec(text)?.[1] ?? "";
    }),
  ].filter((specifier) => specifier !== "");
}
