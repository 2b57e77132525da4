// The service's log as a person reads it on a terminal, from pino-pretty: "[12:00:30] WARN: slow {...}".
// Prettified in the write itself, not on pino's worker-thread transport, so a crash loses no line.
import type { DestinationStream } from "pino";
import { isColorSupported, prettyFactory } from "pino-pretty";

export interface PrettyLinesOptions {
  /** Colour the level and message; only where the terminal takes colours (NO_COLOR, FORCE_COLOR). */
  colors: boolean;
}

/** A destination that writes each of pino's JSON lines to `out` as a readable line. */
export function prettyLines(out: DestinationStream, options: PrettyLinesOptions): DestinationStream {
  const prettify = prettyFactory({
    // The reader's own clock, to the second: the ISO time to the millisecond stays in the JSON log.
    translateTime: "SYS:HH:MM:ss",
    // The same on every line of one process: noise to a person watching it.
    ignore: "pid,hostname",
    // A record's fields (requestId, role, …) after its message, on its line.
    singleLine: true,
    colorize: options.colors && isColorSupported,
  });
  return { write: (line: string) => out.write(prettify(line)) };
}
