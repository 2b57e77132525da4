// An endpoint's path is written once, in an endpoint table (src/interface/endpoints.ts: the interface's,
// /status and the service's own paths, SERVICE_PATHS; src/interface/extension-endpoints.ts: our extensions;
// src/interface/admin-endpoints.ts: the admin API): this finds a string or template literal
// elsewhere in the product's code that starts with one of their paths ("/v1/quotation/…", `/v1/coins?…`,
// `/admin/keys/${id}`, "/status"), where a route or a fetcher would be writing its own. Prose that names an
// endpoint in the middle of a sentence is not a path and passes. Tests and test support (testing/ folders,
// see test-support.ts) are left out: they speak the wire on purpose.
// `node --import tsx lint/endpoint-paths.ts src` prints each such literal and exits 1 if there is any
// (npm run lint runs it).
import { readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseSync } from "oxc-parser";
import { ADMIN_ENDPOINTS } from "../src/interface/admin-endpoints.ts";
import { ENDPOINTS, type Operation, SERVICE_PATHS, STATUS_ENDPOINT } from "../src/interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../src/interface/extension-endpoints.ts";
import { sourceFiles } from "./source-files.ts";
import { isTestSupport } from "./test-support.ts";

const TABLES = new Set(
  ["endpoints.ts", "extension-endpoints.ts", "admin-endpoints.ts"].map((name) =>
    resolve(import.meta.dirname, "../src/interface", name),
  ),
);
export interface WrittenPath {
  file: string;
  line: number;
  text: string;
}

const rows: Operation[] = [
  ...Object.values(ENDPOINTS),
  ...Object.values(LIVE_ENDPOINTS),
  ...Object.values(ADMIN_ENDPOINTS),
  STATUS_ENDPOINT,
];
/** Each row's path up to its first parameter (/v1/quotation, /admin/keys, /status), and the service's paths. */
const starts = [
  ...new Set([...rows.map((row) => row.path.replace(/\/?\{.*$/, "")), ...Object.values(SERVICE_PATHS)]),
];

/** Whether `text` starts with a path of the tables: one of their starts, then nothing or what goes on a path. */
const startsWithPath = (text: string) =>
  starts.some((start) => text.startsWith(start) && /^(?:$|[/?#{$\s])/.test(text.slice(start.length)));

/** Each string and template piece of `source`, with where it starts. */
function literalsOf(file: string, source: string): { text: string; start: number }[] {
  const { program } = parseSync(file, source);
  const found: { text: string; start: number }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const n = node as { type?: string; value?: unknown; start?: number };
    if (n.type === "Literal" && typeof n.value === "string")
      found.push({ text: n.value, start: n.start ?? 0 });
    if (n.type === "TemplateElement") {
      const value = n.value as { raw: string };
      found.push({ text: value.raw, start: n.start ?? 0 });
    }
    for (const [key, child] of Object.entries(n)) if (key !== "parent") visit(child);
  };
  visit(program);
  return found;
}

/** The literals under `root` that write an endpoint's path, outside the table and test support. */
export function writtenPaths(root: string): WrittenPath[] {
  const out: WrittenPath[] = [];
  for (const file of sourceFiles(root)) {
    const name = relative(root, file).split(sep).join("/");
    if (TABLES.has(resolve(file)) || isTestSupport(name)) continue;
    const source = readFileSync(file, "utf8");
    for (const { text, start } of literalsOf(file, source)) {
      if (!startsWithPath(text)) continue;
      const line = source.slice(0, start).split("\n").length;
      out.push({ file: name, line, text: text.length > 60 ? `${text.slice(0, 57)}...` : text });
    }
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const found = process.argv
    .slice(2)
    .flatMap((root) => writtenPaths(root).map((w) => ({ ...w, file: join(root, w.file) })));
  for (const w of found)
    console.error(
      `${w.file}:${w.line}: ${JSON.stringify(w.text)} writes an endpoint's path: take it from its row (src/interface/endpoints.ts, extension-endpoints.ts, admin-endpoints.ts)`,
    );
  process.exit(found.length > 0 ? 1 : 0);
}
