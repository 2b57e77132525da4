// Whether an element has come into the viewport: a chart below the fold on a phone is made when a person
// scrolls to it, not in the page's first seconds, where making it (the chart library's code and its first
// draw) was three long tasks on a mid-range phone (BENCHMARKS.md, bench:web).
import { type RefObject, useEffect, useState } from "react";

/** True from the first time `element` is within `margin` of the viewport (at once without an observer). */
export function useSeen(element: RefObject<HTMLElement | null>, margin = "0px"): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, seen]);
  return seen;
}
