// An endpoint's path is written once, in the endpoint table (src/interface/endpoints.ts): this finds a string
// or template literal elsewhere in the product's code that starts with one of its paths ("/v1/quotation/…",
// `/v1/coins?…`), where a route or a fetcher would be writing its own. Prose that names an endpoint in the
// middle of a sentence is not a path and passes. Tests and test support (testing/ folders, see
// test-support.ts) are left out: they speak the wire on purpose.
// `node --import tsx lint/endpoint-paths.ts src` prints each such literal and exits 1 if there is any
// (npm run lint runs it).
import { readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseSync } from "oxc-parser";
import { ENDPOINTS } from "../src/interface/endpoints.ts";
import { sourceFiles } from "./source-files.ts";
import { isTestSupport } from "./test-support.ts";

const TABLE = resolve(import.meta.dirname, "../src/interface/endpoints.ts");
export interface WrittenPath {
  file: string;
  line: number;
  text: string;
}

const segments = [...new Set(Object.values(ENDPOINTS).map((e) => e.path.split("/")[2] as string))];
const PATH_START = new RegExp(`^/v1/(${segments.join("|")})(?=$|[/?#{$\\s])`);

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
    if (resolve(file) === TABLE || isTestSupport(name)) continue;
    const source = readFileSync(file, "utf8");
    for (const { text, start } of literalsOf(file, source)) {
      if (!PATH_START.test(text)) continue;
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
      `${w.file}:${w.line}: ${JSON.stringify(w.text)} writes an endpoint's path: take it from ENDPOINTS (src/interface/endpoints.ts)`,
    );
  process.exit(found.length > 0 ? 1 : 0);
}
