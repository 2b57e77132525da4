// A live price's last move: ▲ or ▼ beside the number, shown for a moment after each move. The table is not
// a live region, so screen readers hear the price when they reach it, not at every tick.
//
// Why not a fade: an opacity animation per moved price (a CSS animation on a re-made element, or the Web
// Animations API on a kept one) made the coin list's main thread recalculate style and commit a frame at
// every display frame, 5.2–6.2 s of each 10 s at 140 moves a second against 2.6 s without (bench:live's
// page, traced). The mark is instead hidden by one shared sweep, a few class changes four times a second.
import { useLayoutEffect, useRef } from "react";

/** How long a mark is shown after its move. */
export const TICK_SHOWN_MS = 1500;
/** How often shown marks are looked over. */
const SWEEP_MS = 250;

const shown = new Map<HTMLElement, number>();
let sweeper: ReturnType<typeof setInterval> | null = null;

function sweep(): void {
  const now = Date.now();
  for (const [element, hideAt] of shown) {
    if (hideAt > now && element.isConnected) continue;
    element.classList.add("price-tick--past");
    shown.delete(element);
  }
  if (shown.size === 0 && sweeper !== null) {
    clearInterval(sweeper);
    sweeper = null;
  }
}

function show(element: HTMLElement): void {
  element.classList.remove("price-tick--past");
  shown.set(element, Date.now() + TICK_SHOWN_MS);
  sweeper ??= setInterval(sweep, SWEEP_MS);
}

let reducedMotion: MediaQueryList | null = null;

/** With reduced motion the mark stays (it would otherwise blink at every move). */
function prefersReducedMotion(): boolean {
  if (typeof matchMedia !== "function") return false;
  reducedMotion ??= matchMedia("(prefers-reduced-motion: reduce)");
  return reducedMotion.matches;
}

export function PriceTick({ up, at }: { up: boolean; at: number }) {
  const mark = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = mark.current;
    // A move (its time, `at`) shows the mark again.
    if (!element || at <= 0 || prefersReducedMotion()) return;
    show(element);
  }, [at]);
  return (
    <span ref={mark} className={`price-tick price-tick--${up ? "up" : "down"}`} aria-hidden="true">
      {up ? "▲" : "▼"}
    </span>
  );
}
