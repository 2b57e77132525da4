// The flags of `npm run usage`: what span to review and how to print it, and where the store is (the only
// two settings of the service's configuration it needs, handed to loadConfig as the service reads them).
import { parseArgs } from "node:util";
import { z } from "zod";
import { USAGE_PERIODS } from "../../interface/admin.ts";

/** Flags that cannot be used; the message is for the operator, as is (exit code 2). */
export class UsageArgsError extends Error {}

export interface UsageArgs {
  /** The span's length in seconds (whole minutes). */
  seconds: number;
  /** The span as it was typed, for the heading ("24h"). */
  since: string;
  /** The span's end in ms (its minute included); null = now. */
  untilMs: number | null;
  json: boolean;
  help: boolean;
  /** The flags of the service's configuration given (--data-dir, --database-url), for loadConfig. */
  configArgs: string[];
}

export const USAGE_HELP = [
  "Usage: npm run usage -- [--since 24h] [--until TIME] [--json] [--data-dir DIR | --database-url URL]",
  "",
  "Prints who used the service over a span of minutes up to now (as GET /admin/usage does): per client,",
  "requests admitted and refused, errors, bytes, first and last seen, the busiest minute and the top",
  "endpoints, the most refused first; then the live streams that ended: how many, their total and longest",
  "duration, events and bytes, the longest streaming first.",
  "",
  "  --since DURATION   How far back: 30m, 24h, 7d, 2w, or hour, day, week (default 24h)",
  "  --until TIME       The span's end, RFC 3339 (2026-11-20T12:00:00Z); default now",
  "  --json             The review as JSON (the UsageReview of the admin API) instead of a table",
  "  --data-dir DIR     The service's data directory (DATA_DIR; default ./data)",
  "  --database-url URL The service's PostgreSQL (DATABASE_URL), when it runs on several machines",
  "  --help             Print this",
  "",
].join("\n");

const OPTIONS = {
  since: { type: "string" },
  until: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
} as const;

const UNITS: Record<string, number> = { m: 60, h: 3_600, d: 86_400, w: 604_800 };
const Until = z.iso.datetime({ offset: true });

/** Seconds of a duration as typed: 30m, 24h, 7d, 2w, or a period's name (hour, day, week). */
export function parseDuration(text: string): number {
  if (text in USAGE_PERIODS) return USAGE_PERIODS[text as keyof typeof USAGE_PERIODS];
  const match = /^(\d{1,6})([mhdw])$/.exec(text);
  const seconds = match ? Number(match[1]) * (UNITS[match[2] as string] as number) : 0;
  if (seconds <= 0) {
    throw new UsageArgsError(
      `--since must be a duration such as 30m, 24h, 7d or 2w (or hour, day, week); got ${JSON.stringify(text)}`,
    );
  }
  return seconds;
}

export function parseUsageArgs(argv: string[]): UsageArgs {
  const known = Object.keys(OPTIONS)
    .map((name) => `--${name}`)
    .join(", ");
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === "option" && !(token.name in OPTIONS))
      throw new UsageArgsError(`unknown flag ${JSON.stringify(token.rawName)}; the flags are ${known}`);
    if (token.kind === "positional")
      throw new UsageArgsError(`unexpected argument ${JSON.stringify(token.value)}; the flags are ${known}`);
  }
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>["values"];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error) {
    throw new UsageArgsError(`${(error as Error).message.split("\n")[0]} (the flags are ${known})`);
  }
  const since = values.since ?? "24h";
  let untilMs: number | null = null;
  if (values.until !== undefined) {
    if (!Until.safeParse(values.until).success)
      throw new UsageArgsError(
        `--until must be an RFC 3339 time such as 2026-11-20T12:00:00Z; got ${JSON.stringify(values.until)}`,
      );
    untilMs = Date.parse(values.until);
  }
  const configArgs: string[] = [];
  for (const flag of ["data-dir", "database-url"] as const) {
    const value = values[flag];
    if (value !== undefined) configArgs.push(`--${flag}`, value);
  }
  return {
    seconds: parseDuration(since),
    since,
    untilMs,
    json: values.json === true,
    help: values.help === true,
    configArgs,
  };
}
