import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Vitest } from "vitest/node";
import { lacksServers } from "./binaries.ts";
import { SkippedSuitesReporter, serversSkippedFor, skippedSuitesSummary } from "./skipped-suites.ts";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The line lacksServers prints when it skips `what` for want of Redis (no redis-server in PATH, no REDIS_URL). */
function redisSkipLine(what: string): string {
  const folder = mkdtempSync(join(tmpdir(), "no-programs-"));
  try {
    vi.stubEnv("PATH", folder);
    vi.stubEnv("REDIS_URL", undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(lacksServers(what, ["redis"])).toBe(true);
    return String(warn.mock.calls[0]?.[0]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("serversSkippedFor", () => {
  it("reads the servers back from the line lacksServers prints", () => {
    expect(serversSkippedFor(redisSkipLine("the Redis tests"))).toEqual(["redis"]);
  });

  it("reads every server a suite lacked, and nothing from other lines", () => {
    const line =
      "skipped the waiting ingest's health: missing postgresql (initdb, pg_ctl not found), redis (redis-server not found); install with: apt-get install -y postgresql redis-server (Debian/Ubuntu)";
    expect(serversSkippedFor(line)).toEqual(["postgresql", "redis"]);
    expect(serversSkippedFor("skipped 3 rows")).toBeUndefined();
    expect(serversSkippedFor("the redis (6.2) server: missing a key; install with: care")).toBeUndefined();
  });
});

describe("skippedSuitesSummary", () => {
  it("counts the suites skipped, and per server the suites it would have run and how to give it", () => {
    expect(
      skippedSuitesSummary([
        ["postgresql"],
        ["postgresql", "redis"],
        ["redis"],
        ["postgresql", "redis", "haproxy"],
      ]),
    ).toBe(
      "Skipped 4 suites: PostgreSQL not found (3 suites; set DATABASE_URL or install postgresql), " +
        "Redis not found (3 suites; set REDIS_URL or install redis-server), HAProxy not found (1 suite; install haproxy)",
    );
    expect(skippedSuitesSummary([["haproxy"]])).toBe(
      "Skipped 1 suite: HAProxy not found (1 suite; install haproxy)",
    );
  });

  it("says nothing when no suite was skipped", () => {
    expect(skippedSuitesSummary([])).toBeUndefined();
  });
});

describe("SkippedSuitesReporter", () => {
  const log = (content: string) => ({ content, type: "stderr" as const, time: 0, size: content.length });

  it("says after the run what the tests' console said was skipped, once per run, and nothing for a whole run", () => {
    const logged = vi.fn();
    const reporter = new SkippedSuitesReporter();
    reporter.onInit({ logger: { log: logged } } as unknown as Vitest);

    reporter.onTestRunStart();
    reporter.onUserConsoleLog(log(`${redisSkipLine("market news through Redis")}\n`));
    reporter.onUserConsoleLog(log("an ordinary line\n"));
    // Lines of one file written close together can come as one log.
    reporter.onUserConsoleLog(
      log(`${redisSkipLine("the Redis server tests")}\n${redisSkipLine("Redis timings")}\n`),
    );
    reporter.onTestRunEnd();
    expect(logged.mock.calls).toEqual([
      ["Skipped 3 suites: Redis not found (3 suites; set REDIS_URL or install redis-server)\n"],
    ]);

    reporter.onTestRunStart();
    reporter.onUserConsoleLog(log("an ordinary line\n"));
    reporter.onTestRunEnd();
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
