// "updated 12 s ago": how old the figures are, by the coins' own time, ticking every second.
import { formatAge, formatTime } from "../../format/numbers.ts";
import { useNow } from "../../shell/use-now.ts";

export function UpdatedAgo({ time }: { time: string | null }) {
  const now = useNow(time !== null);
  if (time === null) return null;
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  return (
    <span className="coins-updated">
      updated{" "}
      <time dateTime={time} title={formatTime(time)}>
        {formatAge(now - ms)}
      </time>
    </span>
  );
}
