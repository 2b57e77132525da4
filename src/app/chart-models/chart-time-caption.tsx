// The line beside a chart that says which zone its times are in, since the axis's tick marks are too short
// to carry it; apart from chart-time.ts so that a page can say it without loading the chart library.
import { Link } from "react-router";
import "./chart-time-caption.css";
import { type TimeZone, timeZoneLabel, UTC_DAYS_LABEL } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";

/** "Times in UTC+09:00 Asia/Tokyo", or "UTC days" for daily and weekly buckets. */
export function timeAxisCaption(zone: TimeZone, utcDays: boolean, now: number = Date.now() / 1000): string {
  return utcDays ? UTC_DAYS_LABEL : `Times in ${timeZoneLabel(zone, now)}`;
}

export function ChartTimeCaption({ utcDays = false, id }: { utcDays?: boolean; id?: string }) {
  const zone = useTimeZone();
  return (
    <p className="chart-time-caption muted" id={id}>
      {timeAxisCaption(zone, utcDays)}
      {utcDays ? ", as the service makes daily and weekly buckets" : ""} ·{" "}
      <Link to="/settings">time zone setting</Link>
    </p>
  );
}
