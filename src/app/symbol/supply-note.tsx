// Below the circulating supply: when it was stored and who reported it. That record is a second request,
// asked only once the details are on screen, so it never holds the page up; until it comes the note says
// whether it is loading or waiting for a free request slot.
import type { UseQueryResult } from "@tanstack/react-query";
import type { Supply } from "../../interface/resources.ts";
import { useQueueWait } from "../components/query-status.tsx";
import { describeFailure } from "../format/failure.ts";
import { formatCountdown } from "../format/numbers.ts";
import { formatDateTimeIn, type TimeZone, timeZoneAbbreviation } from "../format/time-zone.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { ApiRequestError } from "../transport/transport.ts";

export function SupplyNote({ symbol, query }: { symbol: string; query: UseQueryResult<Supply> }) {
  const zone = useTimeZone();
  const waiting = query.fetchStatus === "fetching" && query.data === undefined;
  const waitMs = useQueueWait(queryKeys.supply(symbol), waiting);
  if (query.data) {
    return (
      <span className="figure__note">
        as of <time dateTime={query.data.time}>{suppliedAt(query.data.time, zone)}</time> · source{" "}
        <span className="supply-source">{query.data.source}</span>
      </span>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return <span className="figure__note">no supply record stored</span>;
    }
    return (
      <span className="figure__note">
        time and source unavailable ({describeFailure(query.error, "").title.toLowerCase()}){" "}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          try again
        </button>
      </span>
    );
  }
  if (!waiting) return null;
  return (
    <span className="figure__note" role="status">
      {waitMs !== null && waitMs > 500
        ? `time and source: waiting for a free request slot (about ${formatCountdown(waitMs)})`
        : "loading time and source…"}
    </span>
  );
}

/** When the supply was stored, in `zone` and naming it: "Jan 2, 2024, 9:30:05 AM UTC+09:00". */
function suppliedAt(iso: string, zone: TimeZone): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${formatDateTimeIn(ms / 1000, zone, { seconds: true })} ${timeZoneAbbreviation(zone, ms / 1000)}`;
}
