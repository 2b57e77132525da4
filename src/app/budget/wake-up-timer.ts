// The budget's one timer. Whatever the budget waits for (a pause's end, a send leaving the window), it
// needs a single wake-up at the earliest such moment: never several timers, never polling.

/** setTimeout's longest delay; a longer one fires at once, which would spin on a far-off pause. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

export class WakeUpTimer {
  private pending: { handle: unknown; due: number } | null = null;

  constructor(
    private readonly setTimer: (fn: () => void, ms: number) => unknown,
    private readonly clearTimer: (handle: unknown) => void,
    private readonly wake: () => void,
  ) {}

  /** Epoch ms the pending wake-up is due, or null. */
  get due(): number | null {
    return this.pending?.due ?? null;
  }

  /**
   * Wakes at `due` (epoch ms; null: not at all) instead of whenever was set before. A wake-up beyond the
   * longest delay comes early; the caller just asks again then.
   */
  set(due: number | null, now: number): void {
    if (this.due === due) return;
    if (this.pending !== null) this.clearTimer(this.pending.handle);
    this.pending = null;
    if (due === null) return;
    const handle = this.setTimer(
      () => {
        this.pending = null;
        this.wake();
      },
      Math.min(LONGEST_DELAY_MS, Math.max(0, due - now)),
    );
    this.pending = { handle, due };
  }
}
