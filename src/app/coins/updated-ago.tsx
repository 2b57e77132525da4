// "updated 12 s ago": how old the figures are, by the coins' own time, ticking every second; the full time,
// in the time zone setting and naming it, as its tooltip.

import { useNow } from "../components/use-now.ts";
import { formatAge } from "../format/numbers.ts";
import { formatDateTimeIn, type TimeZoneSetting, timeZoneLabel, timeZoneOf } from "../format/time-zone.ts";
import { useSettings } from "../store/settings-context.tsx";

export function UpdatedAgo({ time }: { time: string | null }) {
  const now = useNow(time !== null);
  // The setting, not the zone: finding the browser's zone is itself date formatting (see showFullTime).
  const [{ timeZone }] = useSettings();
  if (time === null) return null;
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  return (
    <span className="coins-updated">
      updated{" "}
      <time dateTime={time} onPointerEnter={(event) => showFullTime(event.currentTarget, ms, timeZone)}>
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
function showFullTime(element: HTMLElement, ms: number, setting: TimeZoneSetting): void {
  const zone = timeZoneOf(setting);
  const shows = `${ms}|${zone}`;
  if (element.dataset.shows !== shows) {
    element.title = `${formatDateTimeIn(ms / 1000, zone, { seconds: true })} ${timeZoneLabel(zone, ms / 1000)}`;
    element.dataset.shows = shows;
  }
}
