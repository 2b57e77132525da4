// The rooms' rule, checked at the level of rooms: a room (a first-level folder of src/service or src/app)
// never imports a room that imports it back, however far apart the files are. Biome's noImportCycles sees
// cycles of files only: http/app.ts → admin/admin-app.ts → http/errors.ts is no file cycle, yet it ties
// the two rooms into one. Type-only imports count, as they do for Biome: they are dependencies of meaning.
// The files at the root of src/service (the composition root: main.ts, server.ts and their helpers) are not
// a room, and neither is its config/ folder: the configuration reads the environment and the flags, and it
// knows every room's settings (the market's coins, the exchanges, the log levels, the rates' issuers) while
// the rooms take their settings from it; as a room it would tie itself to all of them, so it belongs with
// the composition root that wires the rooms together. A folder named in ROOT_FOLDERS is the root's in any
// tree checked (src/app has none).
// `node --import tsx lint/room-cycles.ts src/service src/app` prints each pair of rooms that import each
// other, with the imports that make the cycle, and exits 1 if there is any (npm run lint runs it).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parseSync } from "oxc-parser";

/** An import from one room into another: the importing file and the imported one, relative to the tree. */
interface Crossing {
  from: string;
  to: string;
}

export interface RoomCycle {
  rooms: [string, string];
  /** The imports each way. */
  there: Crossing[];
  back: Crossing[];
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

/** The relative modules a file imports, statically or dynamically, or re-exports. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const { module } = parseSync(file, source);
  const specifiers = module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const entry of module.staticExports)
    for (const exported of entry.entries)
      if (exported.moduleRequest) specifiers.push(exported.moduleRequest.value);
  for (const entry of module.dynamicImports) {
    const literal = /^["'`]([^"'`]+)["'`]$/.exec(
      source.slice(entry.moduleRequest.start, entry.moduleRequest.end),
    );
    if (literal?.[1]) specifiers.push(literal[1]);
  }
  return specifiers.filter((specifier) => specifier.startsWith("."));
}

/** First-level folders that are part of the root, not rooms: the configuration (see the header). */
const ROOT_FOLDERS: readonly string[] = ["config"];

/** The room of a file under `tree`: its first folder there, or null for a file of the root. */
function roomOf(tree: string, file: string): string | null {
  const path = relative(tree, file);
  if (path.startsWith("..")) return null;
  const parts = path.split(sep);
  if (parts.length < 2 || ROOT_FOLDERS.includes(parts[0] as string)) return null;
  return parts[0] as string;
}

/** Every pair of rooms of `tree` that import each other. */
export function roomCycles(tree: string): RoomCycle[] {
  const root = resolve(tree);
  const crossings = new Map<string, Crossing[]>();
  for (const file of sourceFiles(root)) {
    const from = roomOf(root, file);
    if (from === null) continue;
    for (const specifier of importsOf(file)) {
      const target = resolve(dirname(file), specifier);
      const to = roomOf(root, target);
      if (to === null || to === from) continue;
      const key = `${from}\u0000${to}`;
      const list = crossings.get(key) ?? [];
      list.push({ from: relative(root, file), to: relative(root, target) });
      crossings.set(key, list);
    }
  }
  const cycles: RoomCycle[] = [];
  for (const [key, there] of crossings) {
    const [a, b] = key.split("\u0000") as [string, string];
    const back = crossings.get(`${b}\u0000${a}`);
    if (back && a < b) cycles.push({ rooms: [a, b], there, back });
  }
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = 0;
  for (const tree of process.argv.slice(2)) {
    for (const cycle of roomCycles(tree)) {
      found++;
      console.error(`${tree}: the rooms ${cycle.rooms[0]} and ${cycle.rooms[1]} import each other:`);
      for (const crossing of [...cycle.there, ...cycle.back])
        console.error(`  ${crossing.from} → ${crossing.to}`);
    }
  }
  if (found > 0) process.exit(1);
  console.log(
    `room-cycles: no room imports a room that imports it back (${process.argv.slice(2).join(", ")})`,
  );
}
