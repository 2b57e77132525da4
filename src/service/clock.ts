// Time sources. The service reads "now" from a Clock so tests can set it, and so the market can run
// faster than real time for demos (MARKET_SPEED).

export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/**
 * The market's clock: runs `speed` times faster than `base` from the moment it is made, starting at
 * `startMs` (at least the base time). With speed 1 it is the base clock.
 */
export class MarketClock implements Clock {
  private readonly baseStart: number;

  constructor(
    private readonly base: Clock,
    private readonly speed: number,
    private readonly startMs = base.now(),
  ) {
    this.baseStart = base.now();
  }

  now(): number {
    return this.startMs + (this.base.now() - this.baseStart) * this.speed;
  }

  /** Real milliseconds until the market clock reaches `marketMs`. */
  realDelayUntil(marketMs: number): number {
    return Math.max(0, (marketMs - this.now()) / this.speed);
  }
}
