// The console's own client and query client, not the dashboard's persisted cache: keys, contacts and
// addresses must never reach IndexedDB, and leaving the console drops everything it fetched.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useConnection } from "../transport/connection-context.tsx";
import { AdminClient } from "./admin-client.ts";

const AdminClientContext = createContext<AdminClient | null>(null);

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refusal will not change by asking again, and the service limits an admin key per minute.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

export function AdminProvider({ adminKey, children }: { adminKey: string; children: ReactNode }) {
  const { baseUrl } = useConnection();
  // A new key or service starts from nothing: no response to one key is shown under another.
  const { client, queryClient } = useMemo(
    () => ({ client: new AdminClient(baseUrl, adminKey), queryClient: createAdminQueryClient() }),
    [baseUrl, adminKey],
  );
  return (
    <AdminClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AdminClientContext.Provider>
  );
}

export function useAdminClient(): AdminClient {
  const client = useContext(AdminClientContext);
  if (!client) throw new Error("useAdminClient needs an AdminProvider above it");
  return client;
}
