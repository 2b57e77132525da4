// Both OpenAPI documents, as the running service serves them, pass Redocly's recommended ruleset (what
// `npx @redocly/cli lint` applies without a configuration) with no error and no warning, and every operation
// is named as the dashboard's function that calls it (the rule is in src/interface/api-documents.ts): client
// generators name their methods from operationId. Run by `npm run lint` and by `npm test`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../src/service/testing/test-service.ts";

const ROOT = resolve(import.meta.dirname, "..");
const DOCUMENTS = ["/v1/openapi.json", "/admin/openapi.json"];

/**
 * Every operation of the two documents: its operationId and the dashboard module exporting the function of
 * that name (null where no dashboard function calls that operation alone: getChartPoints and getInterestRate
 * build either path of their route module; the dashboard takes quotations and symbols from other answers).
 */
const OPERATIONS: Record<string, [operationId: string, dashboardModule: string | null]> = {
  "get /v1/chartPoints/{filter}/{trading_place}/{symbol}": [
    "getChartPoints",
    "src/app/chart/queries/chart-points.ts",
  ],
  "get /v1/chartPointsAllExchanges/{filter}/{symbol}": ["getChartPointsAllExchanges", null],
  "get /v1/quotation/{symbol}": ["getQuotation", null],
  "get /v1/interestrate/{rateType}": ["getInterestRate", "src/app/rates/queries/interest-rate.ts"],
  "get /v1/interestrate/{rateType}/{date}": ["getInterestRateOnDate", null],
  "get /v1/interestrates": ["getInterestRateTypes", "src/app/rates/queries/interest-rate-types.ts"],
  "get /v1/supply/{symbol}": ["getSupply", "src/app/supply/queries/supply.ts"],
  "post /v1/supply": ["postSupply", "src/app/supply/queries/supply.ts"],
  "get /v1/symbol/{symbol}": ["getSymbolDetails", "src/app/symbol/queries/symbol-details.ts"],
  "get /v1/coins": ["getCoins", "src/app/coins/queries/coins.ts"],
  "get /v1/pairs": ["getPairs", "src/app/chart/queries/pairs.ts"],
  "get /v1/symbols": ["getSymbols", null],
  "get /admin/keys": ["getKeys", "src/app/admin/queries/keys.ts"],
  "post /admin/keys": ["issueKey", "src/app/admin/queries/keys.ts"],
  "patch /admin/keys/{id}": ["changeKey", "src/app/admin/queries/keys.ts"],
  "put /admin/keys/{id}/temporary-limit": ["setTemporaryLimit", "src/app/admin/queries/keys.ts"],
  "delete /admin/keys/{id}/temporary-limit": ["liftTemporaryLimit", "src/app/admin/queries/keys.ts"],
  "post /admin/keys/{id}/revoke": ["revokeKey", "src/app/admin/queries/keys.ts"],
  "get /admin/addresses": ["getAddresses", "src/app/admin/queries/addresses.ts"],
  "post /admin/addresses": ["addAddressRule", "src/app/admin/queries/addresses.ts"],
  "delete /admin/addresses/{id}": ["removeAddressRule", "src/app/admin/queries/addresses.ts"],
  "get /admin/audit": ["getAudit", "src/app/admin/queries/audit.ts"],
  "get /admin/usage": ["getUsage", "src/app/admin/queries/usage.ts"],
  "get /admin/usage/minutes": ["getUsageMinutes", "src/app/admin/queries/usage-minutes.ts"],
  "get /admin/health": ["getHealth", "src/app/admin/queries/health.ts"],
};

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

  it("name every operation, each once across both documents, as the dashboard's function for it", () => {
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
      Object.fromEntries(Object.entries(OPERATIONS).map(([route, [operationId]]) => [route, operationId])),
    );
    const ids = named.map(([, operationId]) => operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [operationId, module] of Object.values(OPERATIONS)) {
      if (module === null) continue;
      expect(readFileSync(resolve(ROOT, module), "utf8"), `${module} exports ${operationId}`).toMatch(
        new RegExp(`^export function ${operationId}\\(`, "m"),
      );
    }
  });
});
