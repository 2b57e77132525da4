// Where the numbers come from, as the service says it: "Simulated market" is a warning, not a footnote, as
// it must not be missed; nothing is claimed before a response has said it.
import { useSyncExternalStore } from "react";
import { useConnection } from "../transport/connection-context.tsx";
import type { MarketSource } from "../transport/market-source.ts";
import { ExchangeHealthPopover } from "./market-source-popover.tsx";
import { marketSourceOf, useStatus } from "./queries/status.ts";
import "./market-source.css";

export function MarketSourceBadge() {
  const source = useMarketSourceClaim();
  if (source === null) return null;
  if (source.kind === "simulator") {
    return (
      <p
        className="market-source market-source--simulated"
        title={
          source.fallback
            ? "No exchange could be reached when the service started, so every price here comes from its market simulator; it tries the exchanges again and switches to the real market when one answers"
            : "Every price here comes from the service's market simulator, not from real exchanges"
        }
      >
        <span className="market-source__icon" aria-hidden="true">
          ⚠
        </span>
        <span>{source.fallback ? "Simulated market: no exchange could be reached" : "Simulated market"}</span>
      </p>
    );
  }
  return <ExchangeHealthPopover live={source.live} total={source.total} />;
}

/**
 * The responses' header, or on a page restored from the cache with none yet, the free /status of a service
 * that spoke the header before: the claim is always the service's word of now.
 */
function useMarketSourceClaim(): MarketSource | null {
  const { marketSource } = useConnection();
  const { source, heard, spokeBefore } = useSyncExternalStore(marketSource.subscribe, marketSource.get);
  const confirming = !heard && spokeBefore;
  const status = useStatus({ enabled: confirming });
  if (heard) return source;
  return confirming && status.data !== undefined ? marketSourceOf(status.data) : null;
}
