// What the post is doing while it is pending: waiting for a request slot, out a 429's pause, or on its way.

import { useLabelWait } from "../components/use-label-wait.ts";
import { formatCountdown } from "../format/numbers.ts";
import { useBudgetSnapshot } from "../transport/connection-context.tsx";
import { SUPPLY_POST_LABEL } from "./queries/supply.ts";

export function PostProgress({ pending }: { pending: boolean }) {
  const waitMs = useLabelWait(SUPPLY_POST_LABEL, pending);
  const { pausedUntil } = useBudgetSnapshot();
  if (!pending) return null;
  if (waitMs === null) {
    return (
      <p className="supply-progress" role="status">
        Sending to the service…
      </p>
    );
  }
  const why =
    pausedUntil !== null
      ? "The service asked to wait (too many requests); the post goes first when it allows again."
      : "The service allows a few requests a minute; the post goes first when a slot frees.";
  return (
    <p className="waiting-notice supply-progress" role="status">
      <span className="waiting-notice__dot" aria-hidden="true" />
      <span>
        Waiting for a free request slot to send: about {formatCountdown(waitMs)}. {why}
      </span>
    </p>
  );
}
