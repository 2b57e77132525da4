// @vitest-environment jsdom
// The live price's mark: shown at each move, hidden a moment later, kept under reduced motion.
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PriceTick, TICK_SHOWN_MS } from "./price-tick.tsx";

function mark(container: HTMLElement): HTMLElement {
  const element = container.querySelector<HTMLElement>(".price-tick");
  if (!element) throw new Error("no mark");
  return element;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("PriceTick", () => {
  it("shows the move's direction, hides it a moment later, and shows it again at the next move", () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<PriceTick up={true} at={1000} />);
    expect(mark(container).textContent).toBe("▲");
    expect(mark(container).classList).not.toContain("price-tick--past");
    vi.advanceTimersByTime(TICK_SHOWN_MS + 300);
    expect(mark(container).classList).toContain("price-tick--past");
    rerender(<PriceTick up={false} at={2000} />);
    expect(mark(container).textContent).toBe("▼");
    expect(mark(container).classList).not.toContain("price-tick--past");
    // The same move rendered again (another figure of the row changed) does not show it longer.
    vi.advanceTimersByTime(TICK_SHOWN_MS / 2);
    rerender(<PriceTick up={false} at={2000} />);
    vi.advanceTimersByTime(TICK_SHOWN_MS / 2 + 300);
    expect(mark(container).classList).toContain("price-tick--past");
  });

  it("stays under reduced motion, rather than blinking at every move", () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    const { container } = render(<PriceTick up={true} at={1000} />);
    vi.advanceTimersByTime(TICK_SHOWN_MS * 3);
    expect(mark(container).classList).not.toContain("price-tick--past");
  });
});
