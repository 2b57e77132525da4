// The dashboard: settings → connection (budget + transport) → persisted query cache → live stream → pages.
import { useEffect, useMemo } from "react";
import { BrowserRouter } from "react-router";
import { LiveProvider } from "./live/live-context.tsx";
import {
  PersistedQueryClientProvider,
  type PersistOptions,
} from "./queries/persisted-query-client-provider.tsx";
import { createQueryClient, hasStoredCache } from "./queries/query-client.ts";
import { AppRoutes, preloadPagesOnIntent } from "./routes.tsx";
import { SettingsProvider, useSettings } from "./store/settings-context.tsx";
import { ConnectionProvider } from "./transport/connection-context.tsx";

/** `persist`: made before the first render, so the restore's read is already under way (see main.tsx). */
export function App({ persist }: { persist: PersistOptions }) {
  return (
    <SettingsProvider>
      <ConnectedApp persist={persist} />
    </SettingsProvider>
  );
}

function ConnectedApp({ persist }: { persist: PersistOptions }) {
  const [settings] = useSettings();
  const queryClient = useMemo(() => createQueryClient(), []);
  useEffect(() => preloadPagesOnIntent(), []);
  return (
    <ConnectionProvider
      baseUrl={settings.baseUrl}
      apiKey={settings.apiKey}
      budgetPerMinute={settings.budgetPerMinute}
    >
      <PersistedQueryClientProvider client={queryClient} persist={persist} stored={hasStoredCache()}>
        <LiveProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </LiveProvider>
      </PersistedQueryClientProvider>
    </ConnectionProvider>
  );
}
