// Product code and test support are told apart by place: test support (fakes of the exchanges and issuers,
// contract suites, testkits, throw-away servers) lives in a testing/ folder of its room, tests are
// *.test.ts(x) beside what they test, and no other file imports either. This finds the imports that break
// that. `node --import tsx lint/test-support.ts src` prints each and exits 1 if there is any (npm run lint
// runs it).
import { dirname, join, relative, resolve, sep } from "node:path";
import { importsOf, sourceFiles } from "./source-files.ts";

/** A path (relative to a tree, with /) that is a test or test support. */
export function isTestSupport(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);
}

export interface ProductImport {
  file: string;
  imports: string;
}

/** The imports of product files under `root` that reach a test or test support. */
export function productImportsOfTestSupport(root: string): ProductImport[] {
  const out: ProductImport[] = [];
  const name = (path: string) => relative(root, path).split(sep).join("/");
  for (const file of sourceFiles(root)) {
    if (isTestSupport(name(file))) continue;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith(".")) continue;
      const target = name(resolve(dirname(file), specifier));
      if (isTestSupport(target)) out.push({ file: name(file), imports: target });
    }
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const found = process.argv.slice(2).flatMap((root) =>
    productImportsOfTestSupport(root).map((p) => ({
      file: join(root, p.file),
      imports: join(root, p.imports),
    })),
  );
  for (const p of found)
    console.error(
      `${p.file} imports ${p.imports}: product code never imports tests or test support (testing/)`,
    );
  process.exit(found.length > 0 ? 1 : 0);
}
