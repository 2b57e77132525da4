// One connection to the service: the shared request budget and the transport that goes through it, made
// again when the address, the API key or the planned budget changes.

import {
  browserTabs,
  type CrossTabEnvironment,
  decisionLock,
  linkTabs,
  sendLogStoreOf,
} from "../budget/cross-tab.ts";
import { RequestBudget } from "../budget/request-budget.ts";
import { localStorageOrNull } from "../store/browser-storage.ts";
import { MarketSourceStore } from "./market-source.ts";
import { ServiceHealth } from "./service-health.ts";
import { Transport } from "./transport.ts";

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
  budgetPerMinute: number;
}

export interface Connection {
  readonly baseUrl: string;
  readonly budget: RequestBudget;
  readonly transport: Transport;
  /** Whether the service responds, as the transport last saw it. */
  readonly health: ServiceHealth;
  /** Where the service says its numbers come from, as its responses last said. */
  readonly marketSource: MarketSourceStore;
  /** The key of this connection's send log (IndexedDB and localStorage), for the cross-tab layer to watch. */
  readonly sendLogKey: string;
  /**
   * Links the budget to the other tabs and returns the unlink. Apart from creation so that StrictMode's
   * second mount links a memoised connection again.
   */
  linkTabs(): () => void;
}

/** The server counts requests per API key (else per address), so each (service, key) has its own send log. */
export function sendLogKeyOf(baseUrl: string, apiKey: string): string {
  return `cmd.sendLog|${baseUrl}|${apiKey === "" ? "-" : fingerprint(apiKey)}`;
}

export function createConnection(
  settings: ConnectionSettings,
  storage: Storage | null = localStorageOrNull(),
  tabs: CrossTabEnvironment | null = browserTabs(storage),
): Connection {
  const sendLogKey = sendLogKeyOf(settings.baseUrl, settings.apiKey);
  const store = sendLogStoreOf(sendLogKey, storage, tabs);
  const lock = tabs ? decisionLock(sendLogKey, tabs.locks) : undefined;
  const budget = new RequestBudget({ limit: settings.budgetPerMinute, store, ...(lock ? { lock } : {}) });
  const health = new ServiceHealth();
  const marketSource = new MarketSourceStore(settings.baseUrl, storage);
  const transport = new Transport({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey || null,
    budget,
    health,
    marketSource,
  });
  return {
    baseUrl: settings.baseUrl,
    budget,
    transport,
    health,
    marketSource,
    sendLogKey,
    linkTabs: () => (tabs ? linkTabs(budget, sendLogKey, tabs) : () => {}),
  };
}

/** FNV-1a, hex: enough to tell keys apart in a storage key without writing the key there twice. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
