// The Store's contract as one test suite, run against every engine (store-contract.test.ts): an engine is
// given as a way to make an empty database and to open stores on it. What one engine answers, the other
// must answer too; the cases are split by what they hold (records, market writes, chart reads).
import { describe } from "vitest";
import { databaseFixtures } from "../../testing/database-fixtures.ts";
import { describeChartContract } from "./store-contract-charts.ts";
import type { StoreDatabase } from "./store-contract-fixtures.ts";
import { describeMarketContract } from "./store-contract-market.ts";
import { describeRecordsContract } from "./store-contract-records.ts";

export function describeStoreContract(engine: string, newDatabase: () => Promise<StoreDatabase>): void {
  describe(`the Store contract on ${engine}`, () => {
    const fixtures = databaseFixtures(newDatabase);
    describeRecordsContract(fixtures);
    describeMarketContract(fixtures);
    describeChartContract(fixtures);
  });
}
