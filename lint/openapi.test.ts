// Both OpenAPI documents, as the running service serves them, pass Redocly's recommended ruleset (what
// `npx @redocly/cli lint` applies without a configuration) with no error and no warning, and every operation
// is a row of the endpoint tables, named as the dashboard's function that calls it (the rule is in
// src/interface/api-documents.ts): client generators name their methods from operationId. A route or a
// dashboard query module outside the tables fails here. Run by `npm run lint` and by `npm test`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ENDPOINTS } from "../src/interface/admin-endpoints.ts";
import { ENDPOINTS, type Operation, STATUS_ENDPOINT } from "../src/interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../src/interface/extension-endpoints.ts";
import { startTestService, type TestService } from "../src/service/testing/test-service.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DOCUMENTS = ["/v1/openapi.json", "/admin/openapi.json"];

/** Every row of the endpoint tables: the operations the documents must hold, and no other. */
const ROWS: readonly Operation[] = [
  ...Object.values(ENDPOINTS),
  ...Object.values(LIVE_ENDPOINTS),
  ...Object.values(ADMIN_ENDPOINTS),
];
/**
 * Operations whose query module builds their path through another of its functions (getChartPoints asks
 * either chart route, getInterestRate either fixing route): no function of their own name.
 */
const BUILT_BY_ANOTHER = new Set(["getChartPointsAllExchanges", "getInterestRateOnDate"]);

/** The dashboard's query modules: src/app/<feature>/queries/<name>.ts, by name. */
function queryModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const app = resolve(ROOT, "src/app");
  for (const feature of readdirSync(app)) {
    const folder = join(app, feature, "queries");
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder))
      if (/\.tsx?$/.test(file) && !/\.test\./.test(file))
        modules.set(file.replace(/\.tsx?$/, ""), join(folder, file));
  }
  return modules;
}

interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

let service: TestService;
const served = new Map<string, string>();

beforeAll(async () => {
  // The documents do not depend on the market: the smallest one starts fastest.
  service = await startTestService(["--history-days", "1", "--market-coins", "BTC"]);
  for (const path of DOCUMENTS) {
    const answer = await service.get(path);
    expect(answer.status).toBe(200);
    served.set(path, await answer.text());
  }
});

afterAll(async () => {
  await service?.stop();
});

/** A problem as one readable line: severity, rule, where, what. */
function line(problem: NormalizedProblem): string {
  const where = problem.location[0]?.pointer ?? "";
  return `${problem.severity} ${problem.ruleId} at ${where}: ${problem.message}`;
}

describe("the OpenAPI documents", () => {
  it.each(DOCUMENTS)("%s passes Redocly's recommended ruleset with no error and no warning", async (path) => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: served.get(path) ?? "", absoluteRef: path, config });
    expect(problems.map(line)).toEqual([]);
  });

  it("hold the endpoint tables' rows, each named by its operationId, and no route outside them", () => {
    const named = DOCUMENTS.flatMap((path) =>
      Object.entries((JSON.parse(served.get(path) ?? "{}") as Document).paths).flatMap(
        ([route, operations]) =>
          Object.entries(operations).map(([method, operation]) => [
            `${method} ${route}`,
            operation.operationId,
          ]),
      ),
    );
    expect(Object.fromEntries(named)).toEqual(
      Object.fromEntries(ROWS.map((row) => [`${row.method} ${row.path}`, row.operationId])),
    );
    const ids = named.map(([, operationId]) => operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("have a query module only for a row, exporting each of its rows' function by the row's operationId", () => {
    const rows = [...ROWS, STATUS_ENDPOINT];
    const modules = queryModules();
    for (const [name, file] of modules) {
      const mine = rows.filter((row) => row.name === name);
      expect(
        mine.map((row) => row.name),
        `${file} is the module of no endpoint`,
      ).toContain(name);
      for (const row of mine) {
        if (BUILT_BY_ANOTHER.has(row.operationId)) continue;
        expect(readFileSync(file, "utf8"), `${file} exports ${row.operationId}`).toMatch(
          new RegExp(`^export function ${row.operationId}\\(`, "m"),
        );
      }
    }
    // Asked by the dashboard through another answer (quotations, symbols) or not at all: no module. The
    // stream is not read by the dashboard yet.
    const unasked = rows.filter((row) => !modules.has(row.name)).map((row) => row.operationId);
    expect(unasked).toEqual(["getQuotation", "getSymbols", "openStream", "setStreamSubjects"]);
  });
});
