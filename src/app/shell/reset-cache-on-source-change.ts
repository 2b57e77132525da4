// When the service's source changes kind (the simulator that stood in for unreachable exchanges gives way
// to the real market, or back), every answer the dashboard holds came from the other source: they are
// forgotten and what is on screen is asked again, so that no page shows simulated prices under a "Live"
// claim, nor real ones under "Simulated market". Noticed on the first answer that says the new source, also
// on a later visit whose persisted answers were the other source's.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { validators } from "../queries/validators.ts";
import { useConnection } from "../transport/connection-context.tsx";

export function useAnswersFollowSource(): void {
  const { marketSource } = useConnection();
  const client = useQueryClient();
  useEffect(
    () =>
      marketSource.onSourceChange(() => {
        // The validators belong to the answers: the new source's are not the ones held.
        validators.clear();
        void client.resetQueries();
      }),
    [marketSource, client],
  );
}
