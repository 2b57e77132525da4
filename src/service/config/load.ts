// The service's configuration: every setting comes from an environment variable and can be overridden by a
// flag of `npm start` (`npm start -- --wire dia` or `--wire=dia`). Bad configuration stops the start with a
// ConfigError that names the setting as both env and flag, says what is allowed and what was given.
import { parseArgs } from "node:util";
import { ConfigError } from "../config-error.ts";
import { type Config, SETTINGS } from "./settings.ts";
import { type Fail, flagOf, type Setting } from "./values.ts";

const SETTING_LIST = Object.values(SETTINGS) as Setting<unknown>[];

/** The settings as a table, for the README and `--help`; `default` is the raw text ("" = none). */
export const CONFIG_TABLE: readonly { env: string; flag: string; default: string; meaning: string }[] =
  SETTING_LIST.map((s) => ({ env: s.env, flag: `--${flagOf(s)}`, default: s.default, meaning: s.meaning }));

export function helpText(): string {
  const rows = CONFIG_TABLE.map((row) => [row.env, row.flag, row.default === "" ? "(none)" : row.default]);
  const header = ["ENV", "FLAG", "DEFAULT"];
  const widths = [0, 1, 2].map((i) => Math.max(...[header, ...rows].map((r) => (r[i] ?? "").length)));
  const pad = (text: string, i: number) => text.padEnd(widths[i] ?? 0);
  const lines = CONFIG_TABLE.map((row, i) => {
    const r = rows[i] ?? [];
    return `  ${pad(r[0] ?? "", 0)}  ${pad(r[1] ?? "", 1)}  ${pad(r[2] ?? "", 2)}  ${row.meaning}`;
  });
  return [
    "Usage: npm start -- [--flag value | --flag=value]...",
    "",
    "Every setting comes from an environment variable; a flag overrides it. An empty variable counts as unset.",
    "",
    `  ${header.map(pad).join("  ")}  MEANING`,
    ...lines,
    `  ${pad("", 0)}  ${pad("--help", 1)}  ${pad("", 2)}  Print this and exit`,
    "",
  ].join("\n");
}

function parseFlags(argv: string[]): { values: Record<string, string | boolean | undefined>; help: boolean } {
  const options: Record<string, { type: "string" } | { type: "boolean"; short: string }> = {
    help: { type: "boolean", short: "h" },
  };
  for (const s of SETTING_LIST) options[flagOf(s)] = { type: "string" };
  const known = ["--help", ...CONFIG_TABLE.map((row) => row.flag)].join(", ");

  // A lenient pass first, so an unknown flag is named exactly as it was typed.
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === "option" && !(token.name in options)) {
      throw new ConfigError(`Unknown flag ${JSON.stringify(token.rawName)}; the known flags are ${known}`);
    }
    if (token.kind === "positional") {
      throw new ConfigError(
        `Unexpected argument ${JSON.stringify(token.value)}; settings are given as --flag value or --flag=value (known flags: ${known})`,
      );
    }
  }
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values, help: values.help === true };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ConfigError(`Bad flags: ${message} (known flags: ${known})`);
  }
}

/**
 * Checks the settings of several processes. A process of one role only shares the store and the rate-limit
 * window with the others, so it needs both servers: on SQLite and in-process ones, an api replica would
 * see no market and an ingest would feed no one.
 */
function checkCluster(settings: Omit<Config, "historyDaysGiven" | "marketFallback" | "help">): void {
  if (settings.role !== "all") {
    for (const needed of [SETTINGS.databaseUrl, SETTINGS.redisUrl]) {
      if (settings[needed === SETTINGS.databaseUrl ? "databaseUrl" : "redisUrl"] === null) {
        throw new ConfigError(
          `ROLE (--role) ${settings.role} needs ${needed.env} (--${flagOf(needed)}): the processes of a cluster share PostgreSQL and Redis; run ROLE=all for one process`,
          needed.env,
        );
      }
    }
  }
  // A replica that made a write key of its own would accept posts its siblings refuse.
  if (settings.role === "api" && settings.writeKeys.length === 0) {
    throw new ConfigError(
      "ROLE (--role) api needs WRITE_KEYS (--write-keys): every replica must accept the same keys for supply posts",
      "WRITE_KEYS",
    );
  }
  if (settings.role === "api" && settings.adminKeys.length === 0) {
    throw new ConfigError(
      "ROLE (--role) api needs ADMIN_KEYS (--admin-keys): every replica must accept the same keys on /admin",
      "ADMIN_KEYS",
    );
  }
}

/**
 * Reads the configuration from `env` and the flags in `argv` (the arguments after `npm start --`).
 * Throws a ConfigError for an unknown flag or a bad value. With `--help` a bad value is replaced by its
 * default instead, so the help can always be printed.
 */
export function loadConfig(env: Record<string, string | undefined>, argv: string[]): Config {
  const { values, help } = parseFlags(argv);

  function resolve<T>(setting: Setting<T>): T {
    const flagValue = values[flagOf(setting)];
    const envValue = env[setting.env];
    // An empty environment variable counts as unset (compose files often write `PORT=`); an empty flag
    // is taken as given, so `--api-keys=` can clear a list the environment sets.
    const raw =
      typeof flagValue === "string"
        ? flagValue
        : envValue !== undefined && envValue !== ""
          ? envValue
          : undefined;
    const fail: Fail = (allowed, got) => {
      const given = got ?? JSON.stringify(raw ?? setting.default);
      throw new ConfigError(
        `${setting.env} (--${flagOf(setting)}) must be ${allowed}; got ${given}`,
        setting.env,
      );
    };
    try {
      return setting.parse(raw ?? setting.default, fail);
    } catch (error) {
      if (help && error instanceof ConfigError) return setting.parse(setting.default, fail);
      throw error;
    }
  }

  const askedSource = resolve(SETTINGS.marketSource);
  // A real market's history comes from the exchanges' candles, within their request limits: a day fills in
  // minutes; the simulator's 30 days seed in seconds.
  const historyGiven =
    typeof values[flagOf(SETTINGS.historyDays)] === "string" || (env[SETTINGS.historyDays.env] ?? "") !== "";
  const marketSpeed = resolve(SETTINGS.marketSpeed);
  if (askedSource === "exchanges" && marketSpeed !== 1 && !help) {
    throw new ConfigError(
      `MARKET_SPEED (--market-speed) must be 1 with MARKET_SOURCE (--market) exchanges: real trades happen in real time; got ${marketSpeed}`,
      "MARKET_SPEED",
    );
  }
  // A market clock faster than real time can only be the simulator's: "auto" has nothing to try.
  const marketSource = askedSource === "auto" && marketSpeed !== 1 ? "simulator" : askedSource;
  const resolved = Object.fromEntries(
    Object.entries(SETTINGS).map(([key, setting]) => [key, resolve(setting as Setting<unknown>)]),
  ) as Omit<Config, "historyDaysGiven" | "marketFallback" | "help">;
  if (!help) checkCluster(resolved);
  return {
    ...resolved,
    historyDays: marketSource === "exchanges" && !historyGiven ? 1 : resolved.historyDays,
    historyDaysGiven: historyGiven,
    marketSource,
    marketFallback: null,
    help,
  };
}
