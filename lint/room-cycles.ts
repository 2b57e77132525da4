// The rooms' rule, checked at the level of rooms: no room (a first-level folder of src/service or src/app)
// reaches itself through the rooms it imports, over two rooms or ten, however far apart the files are.
// Biome's noImportCycles sees cycles of files only: http/app.ts → admin/admin-app.ts → http/errors.ts is no
// file cycle, yet it ties the two rooms into one. Type-only imports count, as they do for Biome: they are
// dependencies of meaning.
// Nothing is exempt: a file at the root of a tree counts as a room of its own. The entry points that assemble
// the rooms (src/service's main.ts, server.ts, assemble-service.ts) are imported by no room, so they are in no
// loop; a root file that rooms import (context.ts, clock.ts) is held to the rule like any room. config/ is a
// room too: a room reads its own settings, or is handed them from above, and never imports the configuration
// that imports it. Tests and test support (*.test.*, testing/) are left out: they may reach any room.
// `node --import tsx lint/room-cycles.ts src/service src/app` prints, for each set of rooms caught in a loop,
// one loop through them with the imports of each step, and exits 1 if there is any (npm run lint runs it).
import { dirname, relative, resolve, sep } from "node:path";
import { importsOf, sourceFiles } from "./source-files.ts";
import { isTestSupport } from "./test-support.ts";

/** An import from one room into another: the importing file and the imported one, relative to the tree. */
export interface Crossing {
  from: string;
  to: string;
}

/** One step of a loop: a room, the room it imports, and the imports that make the step. */
export interface Step {
  from: string;
  to: string;
  imports: Crossing[];
}

export interface RoomLoop {
  /** The rooms that all reach one another (a strongly connected component of the rooms), sorted. */
  rooms: string[];
  /** One shortest loop through them, from the first of `rooms` back to it. */
  loop: Step[];
}

/**
 * The room of a path relative to the tree (with /): its first folder, or for a file at the root the file
 * itself; null for a test or test support, or a path outside the tree.
 */
function roomOf(path: string): string | null {
  if (path.startsWith("..") || isTestSupport(path)) return null;
  return path.split("/")[0] as string;
}

/** The imports between rooms of `tree`: importing room → imported room → the imports. */
function crossingsOf(root: string): Map<string, Map<string, Crossing[]>> {
  const name = (path: string) => relative(root, path).split(sep).join("/");
  const edges = new Map<string, Map<string, Crossing[]>>();
  for (const file of sourceFiles(root)) {
    const from = roomOf(name(file));
    if (from === null) continue;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith(".")) continue;
      const target = name(resolve(dirname(file), specifier));
      const to = roomOf(target);
      if (to === null || to === from) continue;
      const out = edges.get(from) ?? new Map<string, Crossing[]>();
      edges.set(from, out);
      const list = out.get(to) ?? [];
      out.set(to, list);
      list.push({ from: name(file), to: target });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components of the rooms' graph, each sorted. */
function components(edges: Map<string, Map<string, Crossing[]>>): string[][] {
  const rooms = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((out) => [...out.keys()])])];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (room: string): void => {
    index.set(room, index.size);
    low.set(room, index.get(room) as number);
    stack.push(room);
    onStack.add(room);
    for (const next of [...(edges.get(room)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(room, Math.min(low.get(room) as number, index.get(next) as number));
      }
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== room);
      found.push(component.sort());
    }
  };
  for (const room of rooms.sort()) if (!index.has(room)) visit(room);
  return found;
}

/** A shortest loop from `start` back to it within `component` (breadth first, rooms in order). */
function shortestLoop(
  start: string,
  component: readonly string[],
  edges: Map<string, Map<string, Crossing[]>>,
): Step[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const room of queue) {
    for (const next of [...(edges.get(room)?.keys() ?? [])].sort()) {
      if (!component.includes(next)) continue;
      if (next === start) {
        const rooms = [room];
        while (rooms[0] !== start) rooms.unshift(cameFrom.get(rooms[0] as string) as string);
        rooms.push(start);
        return rooms.slice(1).map((to, i) => {
          const from = rooms[i] as string;
          return { from, to, imports: edges.get(from)?.get(to) ?? [] };
        });
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, room);
        queue.push(next);
      }
    }
  }
  return [];
}

/** Every set of rooms of `tree` caught in a loop of imports, with one loop through each. */
export function roomLoops(tree: string): RoomLoop[] {
  const edges = crossingsOf(resolve(tree));
  return components(edges)
    .filter((rooms) => rooms.length > 1)
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
    .map((rooms) => ({ rooms, loop: shortestLoop(rooms[0] as string, rooms, edges) }));
}

if (process.argv[1] === import.meta.filename) {
  let found = 0;
  for (const tree of process.argv.slice(2)) {
    for (const { rooms, loop } of roomLoops(tree)) {
      found++;
      console.error(
        `${tree}: the rooms ${rooms.join(", ")} reach one another; one loop: ${[...loop.map((s) => s.from), rooms[0]].join(" → ")}`,
      );
      for (const step of loop) {
        console.error(`  ${step.from} → ${step.to}:`);
        for (const crossing of step.imports) console.error(`    ${crossing.from} → ${crossing.to}`);
      }
    }
  }
  if (found > 0) process.exit(1);
  console.log(`room-cycles: no loop of rooms (${process.argv.slice(2).join(", ")})`);
}
