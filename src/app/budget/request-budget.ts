// The dashboard's one request budget: the service's rate limit counts every tab of this browser as one
// client, so every request waits here for a slot in the shared sliding window, highest priority first.
// Pure logic, no fetch and no React.
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_WINDOW_SECONDS } from "../../interface/vocabulary.ts";
import { LockedStep } from "./budget-lock.ts";
import {
  checkMargin,
  checkPolicy,
  DEFAULT_MARGIN_MS,
  type RateLimitPolicy,
  type RequestBudgetOptions,
} from "./budget-options.ts";
import { type BudgetSnapshot, callEach, sameSnapshot } from "./budget-snapshot.ts";
import { type ScheduleOptions, WaitingLine } from "./priority.ts";
import { memorySendLogStore, type SendLogStore } from "./send-log.ts";
import { clampToNow, mergeSendLogs, plannedStarts, sendsInWindow, slotFreesAt } from "./send-window.ts";
import { WakeUpTimer } from "./wake-up-timer.ts";

interface WaitingTask {
  label: string | undefined;
  /** Detaches from the caller's signal and runs the task, settling the caller's promise. */
  start(): void;
}

export class RequestBudget {
  private limit: number;
  private windowMs: number;
  private readonly marginMs: number;
  /** How long sends stay in the log: the longest slot hold seen, so a wider adopted window still counts. */
  private keepMs: number;
  private pausedUntil: number | null = null;
  private readonly now: () => number;
  private readonly store: SendLogStore;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly line = new WaitingLine<WaitingTask>();
  /** Our own sends, in case the shared log loses them (a failed write, another tab's overwrite). */
  private ownSends: number[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly pauseListeners = new Set<(untilEpochMs: number) => void>();
  private readonly wakeUp: WakeUpTimer;
  /** The start decision under the cross-tab lock; null without a lock. */
  private readonly lockedStart: LockedStep | null;
  private pumpRequested = false;
  private lastSnapshot: BudgetSnapshot | null = null;

  constructor(options: RequestBudgetOptions = {}) {
    this.limit = options.limit ?? DEFAULT_RATE_LIMIT;
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.marginMs = options.marginMs ?? DEFAULT_MARGIN_MS;
    checkPolicy(this.limit, this.windowMs);
    checkMargin(this.marginMs);
    this.keepMs = this.holdMs;
    this.now = options.now ?? Date.now;
    this.store = options.store ?? memorySendLogStore();
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.wakeUp = new WakeUpTimer(this.setTimer, this.clearTimer, () => this.pump(true));
    this.lockedStart = options.lock
      ? new LockedStep(
          options.lock,
          () => this.decideUnderLock(),
          () => this.pump(),
        )
      : null;
  }

  /**
   * Runs `task` once a slot is free and nothing more important waits; tasks scheduled in the same tick
   * compete by priority. Aborting while queued spends no budget.
   */
  schedule<T>(task: (signal: AbortSignal) => Promise<T>, options: ScheduleOptions): Promise<T> {
    const { signal, label } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!this.line.remove(waiting)) return;
        reject(signal?.reason);
        this.changed();
      };
      const waiting: WaitingTask = {
        label,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          const taskSignal = signal ?? new AbortController().signal;
          // Run outside pump, so whatever the task does synchronously cannot re-enter it.
          Promise.resolve()
            .then(() => task(taskSignal))
            .then(resolve, reject);
        },
      };
      this.line.add(options.priority, waiting);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.changed();
    });
  }

  /**
   * After a 429 nothing starts before `epochMs`; a pause only lengthens, as responses can arrive out of
   * order. A pause `fromOtherTab` is not told to `onPause` listeners, which would pass it back.
   */
  pauseUntil(epochMs: number, options: { fromOtherTab?: boolean } = {}): void {
    if (Number.isNaN(epochMs) || epochMs <= this.now()) return;
    if (this.pausedUntil !== null && epochMs <= this.pausedUntil) return;
    this.pausedUntil = epochMs;
    if (!options.fromOtherTab) callEach(this.pauseListeners, epochMs);
    this.changed();
  }

  /** Calls `listener` with each longer pause of this page's own, for the cross-tab layer to pass on. */
  onPause(listener: (untilEpochMs: number) => void): () => void {
    this.pauseListeners.add(listener);
    return () => this.pauseListeners.delete(listener);
  }

  /** Takes the server's RateLimit-Policy; sends already logged keep counting against a lower limit. */
  adopt(policy: RateLimitPolicy): void {
    const windowMs = policy.windowSeconds * 1000;
    checkPolicy(policy.limit, windowMs);
    if (policy.limit === this.limit && windowMs === this.windowMs) return;
    this.limit = policy.limit;
    this.windowMs = windowMs;
    this.keepMs = Math.max(this.keepMs, this.holdMs);
    this.changed();
  }

  /** Re-reads the shared log and decides again; cross-tab.ts calls it when another tab writes the log. */
  refresh(): void {
    this.changed();
  }

  snapshot(): BudgetSnapshot {
    const now = this.now();
    const counted = this.countedSends(now);
    const pausedUntil = this.pausedUntil !== null && this.pausedUntil > now ? this.pausedUntil : null;
    const slotAt = slotFreesAt(counted, this.limit, this.holdMs);
    const next: BudgetSnapshot = {
      used: counted.length,
      limit: this.limit,
      windowMs: this.windowMs,
      marginMs: this.marginMs,
      queued: this.line.size,
      queuedByPriority: this.line.countByPriority(),
      nextSlotAt: pausedUntil === null ? slotAt : Math.max(pausedUntil, slotAt ?? pausedUntil),
      pausedUntil,
    };
    // React's useSyncExternalStore needs an unchanged snapshot to be the very same object.
    if (this.lastSnapshot === null || !sameSnapshot(this.lastSnapshot, next)) this.lastSnapshot = next;
    return this.lastSnapshot;
  }

  /** Epoch ms before which the first queued task labelled `label` will not start; null when none waits. */
  eta(label: string): number | null {
    let position = 0;
    for (const waiting of this.line.inOrder()) {
      if (waiting.label === label) {
        const now = this.now();
        const from = Math.max(now, this.pausedUntil ?? now);
        const starts = plannedStarts(this.countedSends(now), this.limit, this.holdMs, from, position + 1);
        return starts[position] ?? null;
      }
      position++;
    }
    return null;
  }

  /** Calls `listener` after every change (queue, sends, pause, policy). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How long a send holds its slot: the server's window and the margin for jitter. */
  private get holdMs(): number {
    return this.windowMs + this.marginMs;
  }

  /** Tells the listeners and decides again in a microtask, so same-tick arrivals are weighed together. */
  private changed(): void {
    this.notify();
    if (this.pumpRequested) return;
    this.pumpRequested = true;
    queueMicrotask(() => {
      this.pumpRequested = false;
      this.pump();
    });
  }

  /**
   * Decides now, or under the lock when a start looks possible: a log seen full stays full until its oldest
   * send leaves (tabs only add to it), so deciding to wait needs no lock.
   */
  private pump(changed = false): void {
    const now = this.now();
    changed = this.endPauseIfOver(now) || changed;
    if (this.lockedStart === null) {
      this.startWhatMay(changed);
      return;
    }
    const counted = this.countedSends(now);
    if (this.pausedUntil === null && this.line.size > 0 && counted.length < this.limit) {
      if (changed) this.notify();
      this.lockedStart.request();
      return;
    }
    this.armTimer(now, counted);
    if (changed) this.notify();
  }

  /**
   * The start decision as the lock holder: on the shared log as the other tabs committed it, and with our
   * writes committed before the lock passes on, so the next holder cannot decide on a log missing them.
   */
  private decideUnderLock(): void | Promise<void> {
    if (!this.store.pull) {
      this.startWhatMay();
      return;
    }
    return this.store.pull().then(() => {
      this.startWhatMay();
      return this.store.flush?.();
    });
  }

  /** Starts what may start now, then arms the one timer for when the state next changes by itself. */
  private startWhatMay(changed = false): void {
    const now = this.now();
    changed = this.endPauseIfOver(now) || changed;
    let kept = this.keptSends(now);
    let counted = sendsInWindow(kept, now, this.holdMs);
    while (this.pausedUntil === null && counted.length < this.limit) {
      const next = this.line.shift();
      if (!next) break;
      // Logged before the task runs: the send counts from the moment we decide it.
      this.ownSends.push(now);
      this.store.save([...kept, now]);
      next.start();
      changed = true;
      // Read again: the log is shared, and the next decision must see everything written meanwhile.
      kept = this.keptSends(now);
      counted = sendsInWindow(kept, now, this.holdMs);
    }
    this.armTimer(now, counted);
    if (changed) this.notify();
  }

  private endPauseIfOver(now: number): boolean {
    if (this.pausedUntil === null || this.pausedUntil > now) return false;
    this.pausedUntil = null;
    return true;
  }

  /** Wakes when the pause ends or the oldest counted send stops holding its slot. */
  private armTimer(now: number, counted: readonly number[]): void {
    const oldestLeaves = counted[0] === undefined ? null : counted[0] + this.holdMs;
    const paused = this.pausedUntil;
    this.wakeUp.set(paused === null ? oldestLeaves : Math.min(paused, oldestLeaves ?? paused), now);
  }

  /** The shared log merged with our own sends, within the longest slot hold seen. */
  private keptSends(now: number): number[] {
    this.ownSends = sendsInWindow(clampToNow(this.ownSends, now), now, this.keepMs);
    const shared = sendsInWindow(clampToNow(this.store.load(), now), now, this.keepMs);
    return mergeSendLogs(shared, this.ownSends);
  }

  /** The sends holding a slot now. */
  private countedSends(now: number): number[] {
    return sendsInWindow(this.keptSends(now), now, this.holdMs);
  }

  private notify(): void {
    callEach(this.listeners);
  }
}
