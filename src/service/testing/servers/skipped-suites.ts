// The suites lacksServers (binaries.ts) skipped, told once more after vitest's summary: its line per suite is
// printed while the files are collected and scrolls away, and a green run without the servers would look like
// a whole one. A reporter beside the default one (vitest.config.ts) reads those lines back from the tests'
// console output; it says nothing when no suite was skipped.
import type { UserConsoleLog } from "vitest";
import type { Reporter, Vitest } from "vitest/node";
import type { ServerName } from "./binaries.ts";

/** Each server as the summary names it, and how to give the tests one. */
const SERVERS: Record<ServerName, { title: string; remedy: string }> = {
  postgresql: { title: "PostgreSQL", remedy: "set DATABASE_URL or install postgresql" },
  redis: { title: "Redis", remedy: "set REDIS_URL or install redis-server" },
  haproxy: { title: "HAProxy", remedy: "install haproxy" },
};
const SERVER_NAMES = Object.keys(SERVERS) as ServerName[];

/**
 * The servers a line of lacksServers names missing ("skipped <what>: missing redis (redis-server not found),
 * …; install with: …"), or undefined for any other line.
 */
export function serversSkippedFor(line: string): ServerName[] | undefined {
  const missing = /^skipped .+?: missing (.+?); install with: /.exec(line)?.[1];
  if (missing === undefined) return undefined;
  return SERVER_NAMES.filter((server) => new RegExp(`(?:^|, )${server} \\(`).test(missing));
}

/** The closing line for the suites skipped, each given as the servers it lacked; undefined for none. */
export function skippedSuitesSummary(skipped: readonly ServerName[][]): string | undefined {
  if (skipped.length === 0) return undefined;
  const reasons = SERVER_NAMES.flatMap((server) => {
    const suites = skipped.filter((servers) => servers.includes(server)).length;
    if (suites === 0) return [];
    const { title, remedy } = SERVERS[server];
    return [`${title} not found (${count(suites)}; ${remedy})`];
  });
  return `Skipped ${count(skipped.length)}: ${reasons.join(", ")}`;
}

function count(suites: number): string {
  return suites === 1 ? "1 suite" : `${suites} suites`;
}

export class SkippedSuitesReporter implements Reporter {
  private vitest: Vitest | undefined;
  private skipped: ServerName[][] = [];

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunStart(): void {
    this.skipped = [];
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    for (const line of log.content.split("\n")) {
      const servers = serversSkippedFor(line);
      if (servers) this.skipped.push(servers);
    }
  }

  onTestRunEnd(): void {
    const summary = skippedSuitesSummary(this.skipped);
    if (summary !== undefined) this.vitest?.logger.log(`${summary}\n`);
  }
}
