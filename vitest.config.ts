import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { SkippedSuitesReporter } from "./src/service/testing/servers/skipped-suites.ts";

/**
 * The files that took longest on a 2-core machine (10–40 s each: processes, servers, seeding, ccxt's
 * throttle), slowest first. vitest starts the longest first only from the durations it cached on an earlier
 * run, and a fresh clone has none: started last, one of these would end the run alone.
 */
const SLOWEST = [
  "src/service/sources/simulator/parallel-seed.test.ts",
  "cluster/distributed.test.ts",
  "src/service/durability.test.ts",
  "src/service/sources/auto-start.http.test.ts",
  "src/service/roles/waiting-ingest.http.test.ts",
  "src/service/sources/exchanges/venues/kraken.test.ts",
  "cluster/cluster-processes.test.ts",
  "src/service/http/hostile-input.fuzz.test.ts",
  "src/service/sources/exchanges/recorded-answers.test.ts",
  "cluster/admin.distributed.test.ts",
  "src/service/sources/market-choice.http.test.ts",
  "src/service/sources/exchanges/venues/bitfinex.test.ts",
  "src/service/usage-cli.test.ts",
  "src/service/sources/exchanges/exchanges-faults.http.test.ts",
  "src/service/sources/exchanges/exchanges-source.http.test.ts",
  "src/service/sources/exchanges/history/coarse-history.http.test.ts",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? SLOWEST.length : at;
    };
    // Stable: the rest keep vitest's order (failed first, then longest, from its cache).
    return (await super.sort(files))
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "lint/**/*.test.ts", "cluster/**/*.test.ts", "contract/**/*.test.ts"],
    // Service integration tests start real servers on real ports and seed real databases.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Most files wait on sockets, child processes and timers more than they compute: on this 2-core machine
    // vitest's default (one worker per core less one) would run them one at a time.
    maxWorkers: 4,
    sequence: { sequencer: SlowestFirst },
    // A store seeded once per run for each set of settings, copied into each test service's data directory.
    globalSetup: ["src/service/testing/seeded-stores-setup.ts"],
    // vitest's default reporter (with GitHub's annotations on Actions, as vitest adds when none is named),
    // then one line after its summary when suites were skipped for want of PostgreSQL, Redis or HAProxy.
    reporters: [
      "default",
      ...(process.env.GITHUB_ACTIONS === "true" ? ["github-actions"] : []),
      new SkippedSuitesReporter(),
    ],
  },
});
