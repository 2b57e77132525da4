// The rooms' rule at the level of rooms (room-cycles.ts), on the project's own trees and on probes that
// break it one way each, so that a change of the check that stops seeing a loop fails here.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { probeTrees } from "./probe-tree.ts";
import { roomLoops } from "./room-cycles.ts";

const ROOT = resolve(import.meta.dirname, "..");
const probe = probeTrees("room-probe");

/** A module of `room` that imports each of `targets` (paths from the tree's root). */
const importing = (...targets: string[]) =>
  `${targets.map((t, i) => `import { x as x${i} } from "../${t}";`).join("\n")}\nexport const x = 1;\n`;

describe("loops of rooms", () => {
  it("are none in the service and the dashboard", () => {
    expect(roomLoops(join(ROOT, "src/service"))).toEqual([]);
    expect(roomLoops(join(ROOT, "src/app"))).toEqual([]);
  });

  it("are found over three rooms (a → b → c → a), with the imports of each step", () => {
    const dir = probe({
      "a/one.ts": importing("b/two.ts"),
      "b/two.ts": importing("c/three.ts"),
      "c/three.ts": importing("a/other.ts"),
      "a/other.ts": "export const x = 1;\n",
    });
    expect(roomLoops(dir)).toEqual([
      {
        rooms: ["a", "b", "c"],
        loop: [
          { from: "a", to: "b", imports: [{ from: "a/one.ts", to: "b/two.ts" }] },
          { from: "b", to: "c", imports: [{ from: "b/two.ts", to: "c/three.ts" }] },
          { from: "c", to: "a", imports: [{ from: "c/three.ts", to: "a/other.ts" }] },
        ],
      },
    ]);
  });

  it("are none where the imports only go down, however many paths lead from a room to another", () => {
    const dir = probe({
      "a/one.ts": importing("b/two.ts", "c/three.ts", "d/four.ts"),
      "b/two.ts": importing("c/three.ts", "d/four.ts"),
      "c/three.ts": importing("d/four.ts"),
      "d/four.ts": "export const x = 1;\n",
    });
    expect(roomLoops(dir)).toEqual([]);
  });

  it("name every room of a loop and one shortest loop through the first, each set of rooms once", () => {
    const dir = probe({
      "a/a.ts": importing("b/b.ts"),
      "b/b.ts": importing("c/c.ts", "a/a.ts"),
      "c/c.ts": importing("d/d.ts"),
      "d/d.ts": importing("a/a.ts"),
      "x/x.ts": importing("y/y.ts"),
      "y/y.ts": importing("x/x.ts"),
    });
    const loops = roomLoops(dir);
    expect(loops.map((l) => l.rooms)).toEqual([
      ["a", "b", "c", "d"],
      ["x", "y"],
    ]);
    expect(loops[0]?.loop.map((step) => `${step.from}→${step.to}`)).toEqual(["a→b", "b→a"]);
  });

  it("are found through files that form no file cycle, a type-only import counting", () => {
    const dir = probe({
      "http/app.ts": 'import { mount } from "../admin/admin-app.ts";\nexport const app = mount;\n',
      "http/errors.ts": "export class ApiError extends Error {}\n",
      "admin/admin-app.ts":
        'import type { ApiError } from "../http/errors.ts";\nexport const mount = (e: ApiError) => e;\n',
    });
    expect(roomLoops(dir)).toEqual([
      {
        rooms: ["admin", "http"],
        loop: [
          { from: "admin", to: "http", imports: [{ from: "admin/admin-app.ts", to: "http/errors.ts" }] },
          { from: "http", to: "admin", imports: [{ from: "http/app.ts", to: "admin/admin-app.ts" }] },
        ],
      },
    ]);
  });

  it("count re-exports and dynamic imports, and not imports within a room", () => {
    const dir = probe({
      "access/a.ts": 'import { b } from "./b.ts";\nexport const a = b;\n',
      "access/b.ts": 'export { o } from "../ops/o.ts";\nexport const b = 1;\n',
      "ops/o.ts": 'export const o = 1;\nexport const later = () => import("../access/a.ts");\n',
    });
    const loops = roomLoops(dir);
    expect(loops.map((l) => l.rooms)).toEqual([["access", "ops"]]);
    expect(loops[0]?.loop.map((step) => step.imports)).toEqual([
      [{ from: "access/b.ts", to: "ops/o.ts" }],
      [{ from: "ops/o.ts", to: "access/a.ts" }],
    ]);
  });

  it("never pass through the entry points on top, while a root file a room imports is a room of its own", () => {
    const dir = probe({
      "main.ts": importing("access/a.ts", "config/load.ts", "context.ts").replaceAll("../", "./"),
      "context.ts": 'import type { Config } from "./config/load.ts";\nexport type Context = Config;\n',
      "access/a.ts": importing("context.ts"),
      "config/load.ts": 'import { a } from "../access/a.ts";\nexport type Config = typeof a;\n',
    });
    const loops = roomLoops(dir);
    expect(loops.map((l) => l.rooms)).toEqual([["access", "config", "context.ts"]]);
    expect(loops[0]?.loop.map((step) => `${step.from}→${step.to}`)).toEqual([
      "access→context.ts",
      "context.ts→config",
      "config→access",
    ]);
  });

  it("count the configuration (config/) as a room like any other", () => {
    const dir = probe({
      "config/settings.ts":
        'import { isLogLevel } from "../ops/logger.ts";\nexport interface Config { level: string }\nexport const check = isLogLevel;\n',
      "ops/logger.ts":
        'import type { Config } from "../config/settings.ts";\nexport const isLogLevel = (c: Config) => c.level !== "";\n',
    });
    expect(roomLoops(dir).map((l) => l.rooms)).toEqual([["config", "ops"]]);
  });

  it("leave tests and test support (testing/) out", () => {
    const dir = probe({
      "a/a.ts": importing("b/b.ts"),
      "b/b.ts": "export const x = 1;\n",
      "b/b.test.ts": importing("a/a.ts"),
      "b/testing/fake.ts": importing("a/a.ts"),
      "testing/service.ts": importing("a/a.ts", "b/b.ts"),
      "a/uses-fake.ts": importing("testing/service.ts"),
    });
    expect(roomLoops(dir)).toEqual([]);
  });
});
