// The AccessStore's contract as one test suite, run against every engine (access-store-contract.test.ts): an
// engine is given as a way to make an empty database and to open stores on it. What one engine answers, the
// other must answer too; the cases are split by what they hold (keys; rules, audit and version; usage).
import { describe } from "vitest";
import { databaseFixtures } from "../../testing/database-fixtures.ts";
import type { AccessDatabase } from "./access-store-contract-fixtures.ts";
import { describeKeysContract } from "./access-store-contract-keys.ts";
import { describeRulesContract } from "./access-store-contract-rules.ts";
import { describeUsageContract } from "./access-store-contract-usage.ts";

export function describeAccessStoreContract(
  engine: string,
  newDatabase: () => Promise<AccessDatabase>,
): void {
  describe(`the AccessStore contract on ${engine}`, () => {
    const fixtures = databaseFixtures(newDatabase);
    describeKeysContract(fixtures);
    describeRulesContract(fixtures);
    describeUsageContract(fixtures);
  });
}
