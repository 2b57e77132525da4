// Whether the page moves as the market trades: "Live" and how old the last event is, by when it arrived in
// this browser (not by the server's clock); "updated every 2 minutes" when the service refused a stream or
// has none and the pages poll once a block. It speaks of the stream only: where the numbers come from stays
// the market source's claim ("Simulated market"). The box is there from the header's first render, so the
// words coming later move nothing.
import { useSyncExternalStore } from "react";
import { useNow } from "../components/use-now.ts";
import { formatAge } from "../format/numbers.ts";
import { useLiveState, useLiveStore } from "../live/live-context.tsx";

export function LiveBadge() {
  const state = useLiveState();
  const store = useLiveStore();
  const live = state.kind === "live";
  const now = useNow(live);
  const lastArrivedAt = useSyncExternalStore(
    () => () => {},
    () => store.lastArrivedAt,
  );
  if (state.kind === "polling") {
    return (
      <p className="live-badge live-badge--polling" title={`No live stream: ${state.reason}`}>
        <span className="live-badge__long">updated every 2 minutes</span>
        <span className="live-badge__short" aria-hidden="true">
          every 2 min
        </span>
      </p>
    );
  }
  if (live) {
    const age = lastArrivedAt === null ? null : formatAge(now - lastArrivedAt);
    return (
      <p
        className="live-badge live-badge--live"
        title="Prices, trades and candles move as the market trades, on one stream shared by this browser's tabs"
      >
        <span className="live-badge__dot" aria-hidden="true" />
        <span>Live</span>
        {age === null ? null : <span className="live-badge__age">{age}</span>}
      </p>
    );
  }
  if (state.kind === "connecting" && lastArrivedAt !== null) {
    return <p className="live-badge live-badge--reconnecting">Reconnecting…</p>;
  }
  return <p className="live-badge" aria-hidden="true" />;
}
