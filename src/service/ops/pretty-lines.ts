// The service's log as a person reads it on a terminal: "[12:00:30] WARN: slow {"requestId":"r-7f3a"}",
// one line a record (an error's stack below it), from pino-pretty. The prettifier is called in the write
// itself rather than on pino's worker-thread transport: a line is on the terminal when the call that logged
// it returns, so a stop or a crash loses none, and what it prettifies is the line pino already censored
// and scrubbed.
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
