// The search box writes each keystroke to the URL, and the router renders each URL a moment later (in a
// transition). Those late echoes of our own typing must not overwrite what was typed since; a URL change
// that is not an echo (back/forward, a link, "Show all coins") must. This tells the two apart.

/** How long after the last keystroke a URL value can still be an echo of it. */
export const ECHO_WINDOW_MS = 2000;

export class SearchEchoes {
  private pending: string[] = [];
  private lastTyped = Number.NEGATIVE_INFINITY;

  /** The reader typed `value` (and it is on its way to the URL). */
  typed(value: string, now: number): void {
    this.pending.push(value.trim());
    if (this.pending.length > 100) this.pending.shift();
    this.lastTyped = now;
  }

  /**
   * The URL's search became `value`: true when it is the echo of something typed (keep the box as it is),
   * false when it came from elsewhere (show it in the box).
   */
  isEcho(value: string, now: number): boolean {
    if (now - this.lastTyped > ECHO_WINDOW_MS) this.pending = [];
    const index = this.pending.indexOf(value.trim());
    if (index < 0) {
      this.pending = [];
      return false;
    }
    this.pending = this.pending.slice(index + 1);
    return true;
  }
}
