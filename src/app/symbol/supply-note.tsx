// Below the circulating supply: when it was stored and who reported it. A second request, asked only once
// the details are on screen so it never holds the page up.
import type { UseQueryResult } from "@tanstack/react-query";
import type { Supply } from "../../interface/resources.ts";
import { describeFailure } from "../components/failure.ts";
import { useQueueWait } from "../components/query-status.tsx";
import { formatCountdown } from "../format/numbers.ts";
import { formatIsoIn } from "../format/time-zone.ts";
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
        as of <time dateTime={query.data.time}>{formatIsoIn(query.data.time, zone, { seconds: true })}</time>{" "}
        · source <span className="supply-source">{query.data.source}</span>
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
      {waitMs !== null
        ? `time and source: waiting for a free request slot (about ${formatCountdown(waitMs)})`
        : "loading time and source…"}
    </span>
  );
}
