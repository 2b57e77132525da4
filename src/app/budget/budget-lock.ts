// Exclusion between tabs for the budget's start decision, or two tabs that each see the last slot free both
// take it. At most one lock request is in flight, so a burst of changes costs one wait, not one each.

/**
 * Runs `critical` under the tabs' shared lock, held until a promise it returns settles: the decision reads and
 * writes the shared log in IndexedDB inside it. Never held while a request is out.
 */
export type BudgetLock = (critical: () => void | Promise<void>) => Promise<void>;

/** One step run under a lock; requests made while one is in flight fold into one `reconsider` after it. */
export class LockedStep {
  private inFlight = false;
  private again = false;

  constructor(
    private readonly lock: BudgetLock,
    private readonly step: () => void | Promise<void>,
    private readonly reconsider: () => void = () => this.request(),
  ) {}

  /** Runs the step under the lock as soon as it is granted. */
  request(): void {
    if (this.inFlight) {
      // The run in flight may already have decided; reconsidering after it sees whatever changed meanwhile.
      this.again = true;
      return;
    }
    this.inFlight = true;
    let ran = false;
    const critical = () => {
      ran = true;
      // This run sees every change made up to now, so it covers the earlier requests.
      this.again = false;
      return this.step();
    };
    let granted: Promise<void>;
    try {
      granted = this.lock(critical);
    } catch (error) {
      granted = Promise.reject(error);
    }
    granted
      .then(
        () => (ran ? undefined : critical()),
        (error: unknown) => {
          if (ran) throw error;
          // No lock to be had (refused, or not allowed in this context): deciding without one beats never
          // deciding, and the budget's own copy of its sends still covers a write another tab overwrites.
          return critical();
        },
      )
      .catch((error: unknown) => {
        // The step itself failed; report it where uncaught errors go, but keep the budget deciding.
        queueMicrotask(() => {
          throw error;
        });
      })
      .finally(() => {
        this.inFlight = false;
        if (this.again) {
          this.again = false;
          this.reconsider();
        }
      });
  }
}
