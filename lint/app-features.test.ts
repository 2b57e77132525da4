// The dashboard's features and shared libraries (app-features.ts): on the project's own dashboard, and on
// probes that break the rule one way each, so that a change of the check that stops seeing one fails here.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { featureBreaks } from "./app-features.ts";
import { probeTrees } from "./probe-tree.ts";

const ROOT = resolve(import.meta.dirname, "..");
const probe = probeTrees("features-probe");

const KEPT = {
  "routes.tsx": 'import { CoinsPage } from "./coins/coins-page.tsx";\nexport const page = CoinsPage;\n',
  "coins/coins-page.tsx":
    'import { useCoins } from "./queries/coins.ts";\nimport { lede } from "../components/lede.tsx";\nexport const CoinsPage = [useCoins, lede];\n',
  "coins/queries/coins.ts":
    'import { get } from "../../queries/resource.ts";\nexport const useCoins = get;\n',
  "supply/supply-page.tsx":
    'import { useCoins } from "../coins/queries/coins.ts";\nimport { theme } from "../store/settings.ts";\nexport const SupplyPage = [useCoins, theme];\n',
  "store/settings.ts": "export const theme = 1;\n",
  "queries/resource.ts": "export const get = 1;\n",
  "components/lede.tsx": 'import { theme } from "../store/settings.ts";\nexport const lede = theme;\n',
};

describe("the dashboard's features", () => {
  it("are kept by the project's own dashboard", () => {
    expect(featureBreaks(join(ROOT, "src/app"))).toEqual([]);
  });

  it("let anything reach a feature's queries/ and the shared libraries, and the root mount the pages", () => {
    expect(featureBreaks(probe(KEPT))).toEqual([]);
  });

  it("are broken by another feature reaching a feature's insides", () => {
    const dir = probe({
      ...KEPT,
      "supply/supply-page.tsx":
        'import { CoinsPage } from "../coins/coins-page.tsx";\nexport const p = CoinsPage;\n',
    });
    expect(featureBreaks(dir)).toEqual([
      expect.objectContaining({ file: "supply/supply-page.tsx", imports: "coins/coins-page.tsx" }),
    ]);
  });

  it("are broken by a shared library reaching a feature's insides, dynamically too", () => {
    const dir = probe({
      ...KEPT,
      "queries/resource.ts": 'export const get = () => import("../coins/coins-page.tsx");\n',
    });
    expect(featureBreaks(dir)).toEqual([
      expect.objectContaining({ file: "queries/resource.ts", imports: "coins/coins-page.tsx" }),
    ]);
  });

  it("are broken by a folder that is neither a feature nor a shared library", () => {
    const dir = probe({ ...KEPT, "pages/old-page.tsx": "export const old = 1;\n" });
    expect(featureBreaks(dir)).toEqual([expect.objectContaining({ file: "pages/" })]);
  });
});
