// `npm run usage -- --since 24h [--json]`: the usage review in a terminal, from the access store opened as
// the service opens it. Exit codes: 0 printed, 2 bad flags or configuration, 1 the store could not be read.
// An entry point like main.ts, at the root, since it loads the configuration the access room never imports.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { USAGE_PERIODS, type UsagePeriod, type UsageReview } from "../interface/admin.ts";
import { openAccessStore } from "./access/open-access-store.ts";
import { parseUsageArgs, USAGE_HELP, type UsageArgs, UsageArgsError } from "./access/usage-cli-args.ts";
import { lastMinutes, reviewSpan } from "./access/usage-review.ts";
import { usageTable } from "./access/usage-table.ts";
import { loadConfig } from "./config/load.ts";
import type { Config } from "./config/settings.ts";
import { ConfigError } from "./config-error.ts";

/** Where the service keeps the store in a data directory (SqliteAccessStore.open). */
const SQLITE_FILE = "market.sqlite";

/** The review as GET /admin/usage returns it; `period` only when the span is one of the API's periods. */
async function review(
  config: Config,
  args: UsageArgs,
): Promise<Omit<UsageReview, "period"> & { period?: UsagePeriod }> {
  const store = await openAccessStore(config);
  try {
    const span = lastMinutes(args.seconds, args.untilMs ?? Date.now());
    const period = (Object.keys(USAGE_PERIODS) as UsagePeriod[]).find(
      (name) => USAGE_PERIODS[name] === args.seconds,
    );
    return { ...(period === undefined ? {} : { period }), ...(await reviewSpan(store, span)) };
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let args: UsageArgs;
  let config: Config;
  try {
    args = parseUsageArgs(argv);
    if (args.help) {
      process.stdout.write(USAGE_HELP);
      return 0;
    }
    config = loadConfig(process.env, args.configArgs);
  } catch (error) {
    if (!(error instanceof UsageArgsError || error instanceof ConfigError)) throw error;
    process.stderr.write(`npm run usage: ${error.message}\n(npm run usage -- --help lists the flags)\n`);
    return 2;
  }
  // Opening SQLite would make an empty database where there is none: a mistyped directory is said so.
  if (config.databaseUrl === null && !existsSync(join(config.dataDir, SQLITE_FILE))) {
    process.stderr.write(
      `npm run usage: no service data in ${config.dataDir} (no ${SQLITE_FILE}); name the service's data directory with --data-dir or DATA_DIR, or its PostgreSQL with --database-url or DATABASE_URL\n`,
    );
    return 2;
  }
  try {
    const result = await review(config, args);
    process.stdout.write(args.json ? `${JSON.stringify(result, null, 2)}\n` : usageTable(result, args.since));
    return 0;
  } catch (error) {
    const where = config.databaseUrl === null ? config.dataDir : "DATABASE_URL";
    process.stderr.write(
      `npm run usage: the usage could not be read from ${where}: ${error instanceof Error ? error.message : error}\n`,
    );
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
