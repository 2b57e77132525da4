import { defineConfig } from "vitest/config";
import { SkippedSuitesReporter } from "./src/service/testing/servers/skipped-suites.ts";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "lint/**/*.test.ts", "cluster/**/*.test.ts"],
    // Service integration tests start real servers on real ports and seed real databases.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // vitest's default reporter (with GitHub's annotations on Actions, as vitest adds when none is named),
    // then one line after its summary when suites were skipped for want of PostgreSQL, Redis or HAProxy.
    reporters: [
      "default",
      ...(process.env.GITHUB_ACTIONS === "true" ? ["github-actions"] : []),
      new SkippedSuitesReporter(),
    ],
  },
});
