// A time zone's offset from UTC at an instant, read from Intl: the wall clock the zone shows at that instant,
// taken as if it were UTC, less the instant. One reading for the service (an issuer's publication hour in
// its own zone) and the dashboard (times written in the reader's zone).

const MS_PER_SECOND = 1000;

/** One format per zone, made on first use and kept: a chart asks for offsets per tick mark on every paint. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/**
 * How far `timeZone` (an IANA name) is ahead of UTC at the instant `ms`, in milliseconds (east positive):
 * 3,600,000 for Europe/Berlin in winter, 19,800,000 for Asia/Kolkata. The instant is taken to the whole
 * second, as the zone's clock shows it. An unknown zone throws Intl's RangeError.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const second = Math.floor(ms / MS_PER_SECOND) * MS_PER_SECOND;
  const parts = wallClock(timeZone).formatToParts(second);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(
    field("year"),
    field("month") - 1,
    field("day"),
    field("hour"),
    field("minute"),
    field("second"),
  );
  return wall - second;
}
