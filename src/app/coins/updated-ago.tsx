// "updated 12 s ago": how old the figures are, by the coins' own time, ticking every second.

import { useNow } from "../components/use-now.ts";
import { formatAge, formatTime } from "../format/numbers.ts";

export function UpdatedAgo({ time }: { time: string | null }) {
  const now = useNow(time !== null);
  if (time === null) return null;
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  return (
    <span className="coins-updated">
      updated{" "}
      <time dateTime={time} onPointerEnter={(event) => showFullTime(event.currentTarget, time)}>
        {formatAge(now - ms)}
      </time>
    </span>
  );
}

/**
 * The full date and time as the tooltip, written when the pointer comes: a page's first date formatting
 * loads the browser's calendar and time-zone data (~20 ms), which the coin table's first paint should not
 * wait for.
 */
function showFullTime(element: HTMLElement, time: string): void {
  if (element.dataset.shows !== time) {
    element.title = formatTime(time);
    element.dataset.shows = time;
  }
}
