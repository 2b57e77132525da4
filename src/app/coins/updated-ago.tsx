// "updated 12 s ago": how old the figures are, by the coins' own time, with the full time as its tooltip.
import { useNow } from "../components/use-now.ts";
import { formatAge } from "../format/numbers.ts";
import { formatIsoIn, type TimeZoneSetting, timeZoneOf } from "../format/time-zone.ts";
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
      <time dateTime={time} onPointerEnter={(event) => showFullTime(event.currentTarget, time, timeZone)}>
        {formatAge(now - ms)}
      </time>
    </span>
  );
}

/**
 * The full time as the tooltip, written only when the pointer comes: a page's first date formatting loads
 * the browser's calendar data, which the coin table's first paint should not wait for.
 */
function showFullTime(element: HTMLElement, time: string, setting: TimeZoneSetting): void {
  const zone = timeZoneOf(setting);
  const shows = `${time}|${zone}`;
  if (element.dataset.shows !== shows) {
    element.title = formatIsoIn(time, zone, { seconds: true, full: true });
    element.dataset.shows = shows;
  }
}
