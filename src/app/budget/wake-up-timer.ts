// The budget's one timer: a single wake-up at the earliest moment it waits for, never several timers nor
// polling.

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

  /** Wakes at `due` (null: not at all) instead; beyond the longest delay it comes early and is asked again. */
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
