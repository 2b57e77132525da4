// The service's own log on pino: one JSON object a line on the standard output, or readable lines on a
// terminal (pretty-lines.ts). No secret reaches either: secret fields are censored, and every text loses
// passwords in URLs, secret query parameters and bearer tokens.
import { type DestinationStream, type Level, type Logger as PinoLogger, pino } from "pino";
import { REDACTED, redactSecrets } from "./log-redaction.ts";
import { prettyLines } from "./pretty-lines.ts";

export type Logger = PinoLogger;
export type LogLevel = Level;

export interface LoggerOptions {
  /** The least severe level written; default "info". */
  level?: LogLevel | "silent";
  /** Where lines go: a stream (tests) or a file descriptor; default 1, the standard output. */
  destination?: DestinationStream | number;
  /** The clock of the `time` field, Unix ms; default Date.now. */
  now?: () => number;
  /**
   * Readable lines (time, level, message, fields) instead of JSON; default: when no destination is given
   * and the standard output is a terminal, where a person reads it rather than a log collector.
   */
  pretty?: boolean;
}

/** Field names whose values are secrets wherever they appear, at the top level or one level down. */
const SECRET_FIELDS = [
  "authorization",
  "key",
  "apiKey",
  "writeKey",
  "adminKey",
  "secret",
  "password",
  "token",
  "cookie",
];

/** `scheme://user:password@` — the password of a URL such as DATABASE_URL or REDIS_URL. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):[^\s/?#@]*@/gi;
/** A path or URL with a query, as far as it goes in free text. */
const WITH_QUERY = /[^\s"'<>()[\]]*\?[^\s"'<>()[\]]+/g;
const BEARER = /\b(bearer)\s+[\w.~+/=-]+/gi;

/** `text` without the secrets a message may carry (a connection URL, a request's query, a header). */
export function scrubSecrets(text: string): string {
  let scrubbed = text;
  if (scrubbed.includes("@")) scrubbed = scrubbed.replace(URL_PASSWORD, `$1:${REDACTED}@`);
  if (scrubbed.includes("?")) scrubbed = scrubbed.replace(WITH_QUERY, (found) => redactSecrets(found));
  if (/bearer/i.test(scrubbed)) scrubbed = scrubbed.replace(BEARER, `$1 ${REDACTED}`);
  return scrubbed;
}

/** pino's error serializer, with the message and stack scrubbed (a driver's error may quote its URL). */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized !== "object" || serialized === null) return serialized;
  const record = serialized as Record<string, unknown>;
  for (const field of ["message", "stack"]) {
    const value = record[field];
    if (typeof value === "string") record[field] = scrubSecrets(value);
  }
  return record;
}

const scrubField = (value: unknown): unknown => (typeof value === "string" ? scrubSecrets(value) : value);

export function createLogger(options: LoggerOptions = {}): Logger {
  const now = options.now ?? (() => Date.now());
  const destination = options.destination ?? 1;
  const pretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const stream =
    typeof destination === "number" ? pino.destination({ dest: destination, sync: true }) : destination;
  return pino(
    {
      level: options.level ?? "info",
      // Levels by name: a reader of the raw line (or a log shipper's filter) needs no table of numbers.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: () => `,"time":"${new Date(now()).toISOString()}"`,
      serializers: { err: serializeError, error: serializeError, url: scrubField, path: scrubField },
      redact: {
        paths: SECRET_FIELDS.flatMap((name) => [name, `*.${name}`]),
        censor: REDACTED,
      },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubSecrets(arg) : arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    // Pretty lines are made from the JSON line pino wrote, so they are censored and scrubbed as it is.
    pretty ? prettyLines(stream, { colors: typeof destination === "number" }) : stream,
  );
}

/**
 * The `(line) => void` that server.ts, the roles and the fair-usage window take: each line becomes one
 * record of `level` (default info), its text the message.
 */
export function lineLog(logger: Logger, level: Exclude<LogLevel, "fatal"> = "info"): (line: string) => void {
  return (line) => logger[level](line);
}
