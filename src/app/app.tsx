// The dashboard: settings → connection (budget + transport) → persisted query cache → pages.
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { useEffect, useMemo } from "react";
import { BrowserRouter } from "react-router";
import { createQueryClient, firstData, persistOptions } from "./queries/query-client.ts";
import { AppRoutes, preloadPagesAfter } from "./routes.tsx";
import { SettingsProvider, useSettings } from "./settings/settings-context.tsx";
import { ConnectionProvider } from "./transport/connection-context.tsx";

export function App() {
  return (
    <SettingsProvider>
      <ConnectedApp />
    </SettingsProvider>
  );
}

function ConnectedApp() {
  const [settings] = useSettings();
  const queryClient = useMemo(() => createQueryClient(), []);
  const persist = useMemo(() => persistOptions(), []);
  useEffect(() => preloadPagesAfter(firstData(queryClient)), [queryClient]);
  return (
    <ConnectionProvider
      baseUrl={settings.baseUrl}
      apiKey={settings.apiKey}
      budgetPerMinute={settings.budgetPerMinute}
    >
      <PersistQueryClientProvider client={queryClient} persistOptions={persist}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </PersistQueryClientProvider>
    </ConnectionProvider>
  );
}
