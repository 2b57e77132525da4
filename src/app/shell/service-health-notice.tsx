// Said while requests get no response at all, so the person knows why nothing arrives (not their budget).
import { useSyncExternalStore } from "react";
import { useNow } from "../components/use-now.ts";
import { formatAge } from "../format/numbers.ts";
import { useConnection } from "../transport/connection-context.tsx";

export function ServiceHealthNotice() {
  const { health, baseUrl } = useConnection();
  const { failingSince } = useSyncExternalStore(health.subscribe, health.get);
  const now = useNow(failingSince !== null);
  if (failingSince === null) return null;
  return (
    <p className="health-notice" role="status">
      The service at {baseUrl === "" ? "this site" : baseUrl} is not answering (first missed{" "}
      {formatAge(now - failingSince)}). Trying again with backoff; the page fills in when it is back.
    </p>
  );
}
