// When an issuer publishes a fixing. The issuers' responses carry no publication time, so it follows from
// their schedule (each feed's module says it). "The business day after" is the next fixing's effective
// date; for the newest fixing it is the project's calendar's next day, which the next fixing corrects.
import { zoneOffsetMs } from "../../../interface/zone-offset.ts";
import { nextBusinessDay } from "../business-days.ts";

export interface PublicationSchedule {
  /** IANA zone of the issuer's clock, e.g. "Europe/Berlin". */
  readonly timeZone: string;
  readonly hour: number;
  /** true: published on the effective date itself (the SOFR averages and index); false: the day after. */
  readonly sameDay: boolean;
}

const MS_PER_MINUTE = 60_000;

/** The UTC instant of `hour`:00 local time in `timeZone` on `date` (yyyy-mm-dd), in milliseconds. */
export function localHourUtcMs(date: string, hour: number, timeZone: string): number {
  const asUtc = Date.parse(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  // Once more at the found instant, in case the offset differs there (a change of summer time in between).
  return Math.round((asUtc - zoneOffsetMs(first, timeZone)) / MS_PER_MINUTE) * MS_PER_MINUTE;
}

/** RFC 3339 UTC to the second, as the interface writes publication times. */
export function rfc3339(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * The publication instant of the fixing effective on `effectiveDate`; `nextEffectiveDate` is the effective
 * date of the fixing after it, when known.
 */
export function publicationMs(
  schedule: PublicationSchedule,
  effectiveDate: string,
  nextEffectiveDate?: string,
): number {
  const day = schedule.sameDay ? effectiveDate : (nextEffectiveDate ?? nextBusinessDay(effectiveDate));
  return localHourUtcMs(day, schedule.hour, schedule.timeZone);
}

/** When the fixing after the one effective on `newestDate` is due: the first moment worth asking for it. */
export function nextFixingDueMs(schedule: PublicationSchedule, newestDate: string): number {
  return publicationMs(schedule, nextBusinessDay(newestDate));
}
