// The exchanges whose markets did not load, told in one line a retry round instead of one an exchange:
// offline, all ten fail together every round. Failures are gathered for a short window from a round's
// first, rather than waiting for every exchange, so one that hangs cannot hold the line back.

/** How long the failures of one round are gathered before their line is written; below the first backoff. */
export const ROUND_WINDOW_MS = 250;

interface Failure {
  exchange: string;
  error: string;
  retryMs: number;
}

/** An error as a line tells it: its message's first line, at most 200 characters. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? "").slice(0, 200);
}

/** "2 s", "60 s"; a test's short backoff "0.3 s". */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

export class MarketsRetryLog {
  private pending: Failure[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: (line: string) => void,
    private readonly windowMs = ROUND_WINDOW_MS,
  ) {}

  /** `exchange`'s markets did not load, and it tries again in `retryMs`. */
  failed(exchange: string, error: unknown, retryMs: number): void {
    this.pending.push({ exchange, error: errorText(error), retryMs });
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    // The line is due only while the service runs; a stopping source flushes it.
    this.timer.unref();
  }

  /**
   * Writes the failures gathered so far: a line for each delay among them (an exchange that failed later
   * than the others is a round behind, and retries after another delay).
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const byDelay = new Map<number, Failure[]>();
    for (const failure of this.pending) {
      const group = byDelay.get(failure.retryMs);
      if (group) group.push(failure);
      else byDelay.set(failure.retryMs, [failure]);
    }
    this.pending = [];
    for (const [retryMs, failures] of byDelay) {
      // In the alphabet's order, not the order they happened to fail in: the same line reads the same each round.
      const exchanges = failures
        .map((f) => f.exchange)
        .sort((a, b) => a.localeCompare(b))
        .join(", ");
      this.log(
        `markets did not load from ${exchanges} (${errorsOf(failures)}); retrying in ${seconds(retryMs)}`,
      );
    }
  }
}

/**
 * The errors of a round: the one they share, or the first (named by its exchange) and how many others; the
 * others are mostly the same cause in each exchange's words (ccxt names the exchange and its URL).
 */
function errorsOf(failures: readonly Failure[]): string {
  const distinct = new Set(failures.map((f) => f.error));
  const [first] = failures;
  if (!first || distinct.size === 1) return first?.error ?? "";
  const others = distinct.size - 1;
  return `${first.exchange}: ${first.error}; and ${others} other error${others === 1 ? "" : "s"}`;
}
