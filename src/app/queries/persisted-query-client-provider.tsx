// The query client for React, with its persisted copy. The restore holds every query back, so it is only
// waited for when this browser stored the cache; a first visit fetches on the first render.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  type PersistQueryClientOptions,
  PersistQueryClientProvider,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { type ReactNode, useEffect, useState } from "react";

export type PersistOptions = Omit<PersistQueryClientOptions, "queryClient">;

/** `stored` (see hasStoredCache) is read once: switching between restoring and not would remount every page. */
export function PersistedQueryClientProvider({
  client,
  persist,
  stored,
  children,
}: {
  client: QueryClient;
  persist: PersistOptions;
  stored: boolean;
  children: ReactNode;
}) {
  const [restore] = useState(stored);
  if (restore) {
    return (
      <PersistQueryClientProvider client={client} persistOptions={persist}>
        {children}
      </PersistQueryClientProvider>
    );
  }
  return (
    <NothingToRestore client={client} persist={persist}>
      {children}
    </NothingToRestore>
  );
}

/** Nothing stored: queries go at once, and what they bring is persisted from the start. */
function NothingToRestore({
  client,
  persist,
  children,
}: {
  client: QueryClient;
  persist: PersistOptions;
  children: ReactNode;
}) {
  useEffect(() => persistQueryClientSubscribe({ ...persist, queryClient: client }), [client, persist]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
