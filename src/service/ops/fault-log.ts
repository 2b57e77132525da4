// Faults of the service itself (the causes of 500s), logged once per kind with its stack and request id;
// repeats within a period are only counted, so a client repeating a fault a thousand times a second costs
// a line a minute.
import { createLogger, type Logger } from "./logger.ts";

export interface FaultLogOptions {
  /** How long repeats of a fault are gathered into one line; default 60 s. */
  periodMs?: number;
  /** Where records go; default the service's log on the standard output (ops/logger.ts). */
  logger?: Logger;
  /** Plain text lines instead of records (the counting's tests); takes the place of `logger`. */
  print?: (text: string) => void;
  /** Default Date.now; the timers are the global ones, so a fake clock moves both. */
  now?: () => number;
  /** Distinct faults tracked at once; beyond it new kinds are counted together. Default 100. */
  maxKinds?: number;
}

interface FaultKind {
  label: string;
  periodStart: number;
  repeats: number;
}

/** A kind of fault: its error's name, message and the frame it was thrown in (not the request that met it). */
function kindOf(error: unknown): { key: string; label: string; stack: string; thrown?: string } {
  if (!(error instanceof Error)) {
    const text = String(error).slice(0, 200);
    return { key: `thrown: ${text}`, label: `thrown ${text}`, stack: `thrown ${text}`, thrown: text };
  }
  const label = `${error.name}: ${error.message.slice(0, 200)}`;
  const stack = error.stack ?? label;
  const topFrame = stack.split("\n").find((line) => line.trimStart().startsWith("at ")) ?? "";
  return { key: `${label}\n${topFrame.trim()}`, label, stack };
}

/** How a FaultLog writes: text lines, or records of a logger (made at the first fault, when not given). */
type FaultOutput = (fields: Record<string, unknown>, message: string, text: string) => void;

function faultOutput(options: FaultLogOptions): FaultOutput {
  const print = options.print;
  if (print) return (_fields, _message, text) => print(text);
  let logger = options.logger;
  return (fields, message) => {
    logger ??= createLogger();
    logger.error(fields, message);
  };
}

export class FaultLog {
  private readonly periodMs: number;
  private readonly output: FaultOutput;
  private readonly now: () => number;
  private readonly maxKinds: number;
  private readonly kinds = new Map<string, FaultKind>();
  /** Faults of kinds beyond maxKinds: neither printed nor tracked, only counted. */
  private untracked = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: FaultLogOptions = {}) {
    this.periodMs = options.periodMs ?? 60_000;
    this.output = faultOutput(options);
    this.now = options.now ?? Date.now;
    this.maxKinds = options.maxKinds ?? 100;
  }

  /**
   * Records a fault; `where` (say "GET /v1/coins", without the query) and the id of the request that met it
   * go with its first stack.
   */
  report(error: unknown, where?: string, requestId?: string): void {
    const { key, label, stack, thrown } = kindOf(error);
    const known = this.kinds.get(key);
    if (known) {
      known.repeats++;
      this.schedule();
      return;
    }
    if (this.kinds.size >= this.maxKinds) {
      this.untracked++;
      this.schedule();
      return;
    }
    this.kinds.set(key, { label, periodStart: this.now(), repeats: 0 });
    const place = where ? ` in ${where}` : "";
    this.output(
      {
        ...(thrown === undefined ? { err: error } : { thrown }),
        ...(where ? { where } : {}),
        ...(requestId ? { requestId } : {}),
      },
      `fault${place}: ${label}`,
      `fault${place}: ${stack}`,
    );
    this.schedule();
  }

  /** Prints the counts gathered so far (at shutdown) and stops the timer. */
  flush(): void {
    this.sweep(Number.POSITIVE_INFINITY);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer) return;
    let next = Number.POSITIVE_INFINITY;
    for (const kind of this.kinds.values()) next = Math.min(next, kind.periodStart + this.periodMs);
    if (this.untracked > 0) next = Math.min(next, this.now() + this.periodMs);
    if (next === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.sweep(this.now());
        this.schedule();
      },
      Math.max(0, next - this.now()),
    );
    // Counting faults never keeps the process alive.
    this.timer.unref();
  }

  /** Ends the periods over by `until`: a kind that repeated prints its count and starts another period, a
   * quiet one is forgotten (its next fault prints a stack again). */
  private sweep(until: number): void {
    const now = this.now();
    for (const [key, kind] of this.kinds) {
      if (until !== Number.POSITIVE_INFINITY && kind.periodStart + this.periodMs > until) continue;
      if (kind.repeats === 0) {
        this.kinds.delete(key);
        continue;
      }
      const seconds = Math.round((now - kind.periodStart) / 1000);
      const times = kind.repeats === 1 ? "time" : "times";
      const text = `fault repeated ${kind.repeats} more ${times} in the last ${seconds} s: ${kind.label}`;
      this.output({ fault: kind.label, repeats: kind.repeats, seconds }, text, text);
      kind.repeats = 0;
      kind.periodStart = now;
    }
    if (this.untracked > 0) {
      const text = `${this.untracked} more faults of other kinds (over ${this.maxKinds} kinds at once)`;
      this.output({ faults: this.untracked }, text, text);
      this.untracked = 0;
    }
  }
}

let processFaults = new FaultLog();

/** The service's one fault log: the log is the process's, so is the count. */
export function reportFault(error: unknown, where?: string, requestId?: string): void {
  processFaults.report(error, where, requestId);
}

/** Faults go to `logger` from now on (the service's, with its level and fields); counts so far are told. */
export function logFaultsTo(logger: Logger): void {
  processFaults.flush();
  processFaults = new FaultLog({ logger });
}

export function flushFaults(): void {
  processFaults.flush();
}
