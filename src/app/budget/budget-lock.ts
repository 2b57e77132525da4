// Exclusion between tabs for the budget's start decision. Reading the shared send log, deciding and writing
// the send back must be one step across tabs, or two tabs that each see the last slot free both take it.
// The budget hands that step to a lock (Web Locks in the browser, see cross-tab.ts). A budget keeps at most
// one lock request in flight: a burst of changes costs one wait in the browser's lock queue, not one each.

/**
 * Runs `critical` while holding a lock that every tab sharing the send log takes for its decisions, and
 * settles once it has run. `critical` is synchronous, so the lock is held for the decision only, never
 * while a request is on the network.
 */
export type BudgetLock = (critical: () => void) => Promise<void>;

/**
 * One step run under a lock. Requests made while one is in flight are folded into one `reconsider` call
 * once it settles (by default, one more request), as the step may have run before they were made.
 */
export class LockedStep {
  private inFlight = false;
  private again = false;

  constructor(
    private readonly lock: BudgetLock,
    private readonly step: () => void,
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
      // This run sees every change made up to now, so earlier asks are answered by it.
      this.again = false;
      this.step();
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
          critical();
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
