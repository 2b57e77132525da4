// When the service's source changes kind (the fallback simulator gives way to the real market, or back),
// the cache is reset, so no page shows simulated prices under a "Live" claim, nor real ones under
// "Simulated market".
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { validators } from "../queries/validators.ts";
import { useConnection } from "../transport/connection-context.tsx";

export function useResetCacheOnSourceChange(): void {
  const { marketSource } = useConnection();
  const client = useQueryClient();
  useEffect(
    () =>
      marketSource.onSourceChange(() => {
        // The ETags belong to the cached responses, which are the other source's.
        validators.clear();
        void client.resetQueries();
      }),
    [marketSource, client],
  );
}
