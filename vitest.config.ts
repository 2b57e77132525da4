import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "lint/**/*.test.ts", "cluster/**/*.test.ts"],
    // Service integration tests start real servers on real ports and seed real databases.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
