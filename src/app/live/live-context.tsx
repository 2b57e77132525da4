// The live market for React: one store and one shared stream per connection; pages say what they follow
// (useLiveSubjects) and read the newest of it by key, so a price that moves re-renders its own cell.
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from "react";
import type { LiveSubjects } from "../../interface/live-events.ts";
import { useConnection } from "../transport/connection-context.tsx";
import type { LiveState } from "./live-reader.ts";
import { type LivePrice, LiveStore, type LiveTrade } from "./live-store.ts";
import { candleKey, tradesKey } from "./live-subjects.ts";
import { browserLiveTabs, LiveTabs } from "./live-tabs.ts";

interface Live {
  store: LiveStore;
  follow: (page: string, subjects: LiveSubjects | null) => void;
}

const LiveContext = createContext<Live | null>(null);

/** `streaming` false: the pages follow subjects but no stream is opened (page tests that count requests). */
export function LiveProvider({ children, streaming = true }: { children: ReactNode; streaming?: boolean }) {
  const connection = useConnection();
  const queries = useQueryClient();
  const store = useMemo(() => new LiveStore(), []);
  const tabs = useRef<LiveTabs | null>(null);
  const pages = useRef(new Map<string, LiveSubjects | null>());

  useEffect(() => {
    if (!streaming) return;
    let current: LiveTabs | null = null;
    let stopWaiting = () => {};
    const start = () => {
      current = new LiveTabs(connection.transport, store, browserLiveTabs(), connection.sendLogKey);
      tabs.current = current;
      for (const [page, subjects] of pages.current) current.follow(page, subjects);
    };
    // After the page's load and its first data: the stream makes the page move, so it must neither slow
    // its first paint nor race its first requests for the budget (or into a 429 they would meet first).
    const afterData = () => {
      if (queries.isFetching() === 0) return start();
      const cache = queries.getQueryCache();
      const unsubscribe = cache.subscribe(() => {
        if (queries.isFetching() !== 0) return;
        unsubscribe();
        start();
      });
      stopWaiting = unsubscribe;
    };
    if (typeof document === "undefined" || document.readyState === "complete") afterData();
    else window.addEventListener("load", afterData, { once: true });
    return () => {
      window.removeEventListener("load", afterData);
      stopWaiting();
      current?.dispose();
      tabs.current = null;
      store.setState({ kind: "idle" });
    };
  }, [connection, store, streaming, queries]);

  // The service no longer keeps what this browser missed: what the pages show is loaded again.
  useEffect(() => store.onReload(() => void queries.invalidateQueries()), [store, queries]);

  const live = useMemo<Live>(
    () => ({
      store,
      follow: (page, subjects) => {
        if (subjects === null) pages.current.delete(page);
        else pages.current.set(page, subjects);
        tabs.current?.follow(page, subjects);
      },
    }),
    [store],
  );
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

function useLive(): Live {
  const live = useContext(LiveContext);
  if (!live) throw new Error("the live hooks need a LiveProvider above them");
  return live;
}

/** Follows `subjects` while the calling page is mounted (null: nothing); a change is sent at once. */
export function useLiveSubjects(subjects: LiveSubjects | null): void {
  const { follow } = useLive();
  const page = useId();
  const text = subjects === null ? null : JSON.stringify(subjects);
  useEffect(() => {
    follow(page, text === null ? null : (JSON.parse(text) as LiveSubjects));
  }, [follow, page, text]);
  useEffect(() => () => follow(page, null), [follow, page]);
}

function useKey<T>(key: string, read: (store: LiveStore) => T): T {
  const { store } = useLive();
  return useSyncExternalStore(
    (listener) => store.subscribe(key, listener),
    () => read(store),
  );
}

export function useLivePrice(symbol: string): LivePrice | undefined {
  return useKey(`price:${symbol}`, (store) => store.price(symbol));
}

export function useLiveCandle(subject: { symbol: string; exchange: string | null; scale: string }) {
  const key = candleKey(subject);
  return useKey(`candle:${key}`, (store) => store.candle(key));
}

export function useLiveTrades(symbol: string, exchange: string): readonly LiveTrade[] {
  const key = tradesKey({ symbol, exchange });
  return useKey(`trades:${key}`, (store) => store.tradesOf(key));
}

export function useLiveState(): LiveState {
  const { store } = useLive();
  return useSyncExternalStore((listener) => store.subscribe("state", listener), store.getState);
}

/** When the last event arrived (this browser's clock), read at the caller's own pace. */
export function useLiveStore(): LiveStore {
  return useLive().store;
}
