// Product code never imports tests or test support (test-support.ts): on the project's own tree, and on
// probes that break the rule one way each, so that a change of the check that stops seeing one fails here.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { probeTrees } from "./probe-tree.ts";
import { isTestSupport, productImportsOfTestSupport } from "./test-support.ts";

const ROOT = resolve(import.meta.dirname, "..");
const probe = probeTrees("support-probe");

describe("test support", () => {
  it("is told apart by place: tests and testing/ folders", () => {
    expect(isTestSupport("service/store/testing/store-contract.ts")).toBe(true);
    expect(isTestSupport("app/budget/request-budget.test.ts")).toBe(true);
    expect(isTestSupport("app/chart/chart-page.test.tsx")).toBe(true);
    expect(isTestSupport("service/store/store.ts")).toBe(false);
    expect(isTestSupport("service/sources/exchanges/venues/binance.ts")).toBe(false);
  });

  it("is imported by no product file of the project", () => {
    expect(productImportsOfTestSupport(join(ROOT, "src"))).toEqual([]);
  });

  it("is found when a product file imports it, statically, dynamically or to re-export", () => {
    const dir = probe({
      "service/store/testing/kit.ts": "export const kit = 1;\n",
      "service/store/store.test.ts": "export const t = 1;\n",
      "service/store/store.ts": 'import { kit } from "./testing/kit.ts";\nexport const a = kit;\n',
      "service/http/app.ts": 'export const load = () => import("../store/testing/kit.ts");\n',
      "service/ops/ops.ts": 'export { t } from "../store/store.test.ts";\n',
    });
    expect(productImportsOfTestSupport(dir)).toEqual(
      expect.arrayContaining([
        { file: "service/store/store.ts", imports: "service/store/testing/kit.ts" },
        { file: "service/http/app.ts", imports: "service/store/testing/kit.ts" },
        { file: "service/ops/ops.ts", imports: "service/store/store.test.ts" },
      ]),
    );
    expect(productImportsOfTestSupport(dir)).toHaveLength(3);
  });

  it("may be imported by tests and by other test support", () => {
    const dir = probe({
      "service/store/testing/kit.ts": 'import { a } from "../store.ts";\nexport const kit = a;\n',
      "service/store/testing/more.ts": 'import { kit } from "./kit.ts";\nexport const more = kit;\n',
      "service/store/store.test.ts": 'import { kit } from "./testing/kit.ts";\nexport const t = kit;\n',
      "service/store/store.ts": "export const a = 1;\n",
    });
    expect(productImportsOfTestSupport(dir)).toEqual([]);
  });
});
