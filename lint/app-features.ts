// The dashboard is made of features and shared libraries (README, "Layout"). A feature (a page and what only
// it uses) is one folder; what other parts of the dashboard may use of it is its queries/ (the query modules
// of its endpoints). A shared library never depends on a feature's insides, and neither does another
// feature; only the files at the dashboard's root (the entry, the routes) mount the pages. Every first-level
// folder is one or the other, so a new folder has to be placed. `node --import tsx lint/app-features.ts src/app` prints each break and exits 1 if any
// (npm run lint runs it).
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { importsOf, sourceFiles } from "./source-files.ts";

export const FEATURES = ["coins", "symbol", "chart", "rates", "supply", "settings", "admin", "shell"];
export const SHARED = [
  "budget",
  "chart-models",
  "components",
  "decoding",
  "format",
  "live",
  "queries",
  "store",
  "testing",
  "transport",
];
export interface Break {
  file: string;
  imports?: string;
  rule: string;
}

/** The breaks of the features' rule in the dashboard at `root` (src/app). */
export function featureBreaks(root: string): Break[] {
  const out: Break[] = [];
  const name = (path: string) => relative(root, path).split(sep).join("/");
  for (const folder of readdirSync(root)) {
    if (!statSync(join(root, folder)).isDirectory()) continue;
    if (!FEATURES.includes(folder) && !SHARED.includes(folder))
      out.push({
        file: `${folder}/`,
        rule: "is neither a feature nor a shared library (lint/app-features.ts)",
      });
  }
  for (const file of sourceFiles(root)) {
    const from = name(file).split("/");
    if (from.length === 1) continue; // the root: the entry and the routes mount the pages
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith(".")) continue;
      const target = name(resolve(dirname(file), specifier));
      const [feature, part] = target.split("/");
      if (feature === undefined || !FEATURES.includes(feature) || feature === from[0]) continue;
      if (part === "queries") continue;
      out.push({
        file: name(file),
        imports: target,
        rule: `only ${feature}/queries/ is open to the rest of the dashboard`,
      });
    }
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const found = process.argv.slice(2).flatMap((root) => featureBreaks(root).map((b) => ({ ...b, root })));
  for (const b of found)
    console.error(
      `${join(b.root, b.file)}${b.imports ? ` imports ${join(b.root, b.imports)}` : ""}: ${b.rule}`,
    );
  process.exit(found.length > 0 ? 1 : 0);
}
