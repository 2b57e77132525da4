// The connection for React: remade when the settings change; the budget's state re-renders its readers.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import type { BudgetSnapshot } from "../budget/budget-snapshot.ts";
import { type Connection, createConnection } from "./connection.ts";

const ConnectionContext = createContext<Connection | null>(null);

export function ConnectionProvider({
  baseUrl,
  apiKey,
  budgetPerMinute,
  children,
}: {
  baseUrl: string;
  apiKey: string;
  budgetPerMinute: number;
  children: ReactNode;
}) {
  const connection = useMemo(
    () => createConnection({ baseUrl, apiKey, budgetPerMinute }),
    [baseUrl, apiKey, budgetPerMinute],
  );
  // Other tabs' sends and pauses reach this budget while the connection is in use.
  useEffect(() => connection.linkTabs(), [connection]);
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>;
}

export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error("useConnection needs a ConnectionProvider above it");
  return connection;
}

/** The budget's state, re-read after every change of the queue, the sends, a pause or the policy. */
export function useBudgetSnapshot(): BudgetSnapshot {
  const { budget } = useConnection();
  return useSyncExternalStore(
    (listener) => budget.subscribe(listener),
    () => budget.snapshot(),
  );
}
