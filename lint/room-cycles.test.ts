// The rooms' rule at the level of rooms (room-cycles.ts), on the project's own trees and on probes that
// break it one way each, so that a change of the check that stops seeing a cycle fails here.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { probeTrees } from "./probe-tree.ts";
import { roomCycles } from "./room-cycles.ts";

const ROOT = resolve(import.meta.dirname, "..");
const probe = probeTrees("room-probe");

describe("rooms that import each other", () => {
  it("are none in the service and the dashboard", () => {
    expect(roomCycles(join(ROOT, "src/service"))).toEqual([]);
    expect(roomCycles(join(ROOT, "src/app"))).toEqual([]);
  });

  it("are found through files that form no file cycle, a type-only import counting", () => {
    const dir = probe({
      "http/app.ts": 'import { mount } from "../admin/admin-app.ts";\nexport const app = mount;\n',
      "http/errors.ts": "export class ApiError extends Error {}\n",
      "admin/admin-app.ts":
        'import type { ApiError } from "../http/errors.ts";\nexport const mount = (e: ApiError) => e;\n',
    });
    expect(roomCycles(dir)).toEqual([
      {
        rooms: ["admin", "http"],
        there: [{ from: "admin/admin-app.ts", to: "http/errors.ts" }],
        back: [{ from: "http/app.ts", to: "admin/admin-app.ts" }],
      },
    ]);
  });

  it("count re-exports and dynamic imports, and not imports within a room or from the root's files", () => {
    const dir = probe({
      "server.ts": 'import { a } from "./access/a.ts";\nexport const s = a;\n',
      "access/a.ts":
        'import { c } from "../server.ts";\nimport { b } from "./b.ts";\nexport const a = b + c;\n',
      "access/b.ts": 'export { o } from "../ops/o.ts";\nexport const b = 1;\n',
      "ops/o.ts": 'export const o = 1;\nexport const later = () => import("../access/a.ts");\n',
    });
    const cycles = roomCycles(dir);
    expect(cycles.map((cycle) => cycle.rooms)).toEqual([["access", "ops"]]);
    expect(cycles[0]?.there).toEqual([{ from: "access/b.ts", to: "ops/o.ts" }]);
    expect(cycles[0]?.back).toEqual([{ from: "ops/o.ts", to: "access/a.ts" }]);
  });

  it("do not count the configuration (config/), the root's, while two rooms that do the same still count", () => {
    const dir = probe({
      "config/settings.ts":
        'import { isLogLevel } from "../ops/logger.ts";\nexport interface Config { level: string }\nexport const check = isLogLevel;\n',
      "ops/logger.ts":
        'import type { Config } from "../config/settings.ts";\nexport const isLogLevel = (c: Config) => c.level !== "";\n',
      "sources/open-market.ts":
        'import { open } from "../store/open-store.ts";\nexport type Source = string;\nexport const market = open;\n',
      "store/open-store.ts":
        'import type { Source } from "../sources/open-market.ts";\nexport const open = (s: Source) => s;\n',
    });
    expect(roomCycles(dir)).toEqual([
      {
        rooms: ["sources", "store"],
        there: [{ from: "sources/open-market.ts", to: "store/open-store.ts" }],
        back: [{ from: "store/open-store.ts", to: "sources/open-market.ts" }],
      },
    ]);
  });
});
