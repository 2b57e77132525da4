// Who goes first when the budget is short: a user's own action before reads, the page on screen before
// data the user may never look at.

/** Highest first: "write" (the supply submission) > "visible" > "prefetch" > "background". */
export const PRIORITIES = ["write", "visible", "prefetch", "background"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** How a task waits for the budget. */
export interface ScheduleOptions {
  priority: Priority;
  /** Aborting while queued drops the task without spending budget; once started, the task gets it. */
  signal?: AbortSignal;
  /** Names the task for `eta(label)`, e.g. the query key the view waits on. */
  label?: string;
}

/** The queue of waiting tasks: highest priority first, first come first served within a priority. */
export class WaitingLine<T> {
  private readonly lanes = new Map<Priority, T[]>(PRIORITIES.map((priority) => [priority, []]));

  get size(): number {
    let size = 0;
    for (const lane of this.lanes.values()) size += lane.length;
    return size;
  }

  add(priority: Priority, item: T): void {
    const lane = this.lanes.get(priority);
    if (!lane) throw new TypeError(`unknown priority ${String(priority)}; expected one of ${PRIORITIES}`);
    lane.push(item);
  }

  /** Takes `item` out of the line; false if it was not waiting (already started or removed). */
  remove(item: T): boolean {
    for (const lane of this.lanes.values()) {
      const at = lane.indexOf(item);
      if (at >= 0) {
        lane.splice(at, 1);
        return true;
      }
    }
    return false;
  }

  /** Takes the task that goes next. */
  shift(): T | undefined {
    for (const lane of this.lanes.values()) if (lane.length > 0) return lane.shift();
    return undefined;
  }

  /** Everyone waiting, in the order they would start if nobody else arrived. */
  *inOrder(): IterableIterator<T> {
    for (const lane of this.lanes.values()) yield* lane;
  }

  countByPriority(): Record<Priority, number> {
    const count = (priority: Priority) => this.lanes.get(priority)?.length ?? 0;
    return {
      write: count("write"),
      visible: count("visible"),
      prefetch: count("prefetch"),
      background: count("background"),
    };
  }
}
