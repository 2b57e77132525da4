// The settings for React: one store per page, shared by every component, and kept in step with other tabs.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { browserTimeZone, type TimeZone, timeZoneOf } from "../format/time-zone.ts";
import { localStorageOrNull } from "./browser-storage.ts";
import { SETTINGS_KEY, type Settings, SettingsStore } from "./settings.ts";

const SettingsContext = createContext<SettingsStore | null>(null);

export function SettingsProvider({ store, children }: { store?: SettingsStore; children: ReactNode }) {
  const settingsStore = useMemo(() => store ?? new SettingsStore(localStorageOrNull()), [store]);
  useEffect(() => {
    // Another tab changed the settings (a theme, a favourite, the service address): follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SETTINGS_KEY || event.key === null) settingsStore.reload();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [settingsStore]);
  return <SettingsContext.Provider value={settingsStore}>{children}</SettingsContext.Provider>;
}

function useSettingsStore(): SettingsStore {
  const store = useContext(SettingsContext);
  if (!store) throw new Error("useSettings needs a SettingsProvider above it");
  return store;
}

/** The settings and a way to change some of them. */
export function useSettings(): [Settings, (change: Partial<Settings>) => void] {
  const store = useSettingsStore();
  const settings = useSyncExternalStore(store.subscribe, store.get);
  return [settings, (change) => store.update(change)];
}

/** The zone times are written in, from the settings (here, as the settings store stands on time-zone.ts). */
export function useTimeZone(): TimeZone {
  const [settings] = useSettings();
  return timeZoneOf(settings.timeZone, browserTimeZone());
}
