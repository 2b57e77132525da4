// @vitest-environment jsdom
// Restoring holds queries back only when something was stored: a first visit fetches at once and persists
// what it gets; a later visit shows the restored data and fetches nothing.
import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { AsyncStorage } from "@tanstack/react-query-persist-client";
import "@testing-library/jest-dom/vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PersistedQueryClientProvider } from "./persisted-query-client-provider.tsx";
import {
  createQueryClient,
  hasStoredCache,
  markedStorage,
  PERSIST_KEY,
  persistOptions,
} from "./query-client.ts";
import { STALE_TIME } from "./stale-times.ts";

afterEach(() => localStorage.clear());

function memoryStore(): AsyncStorage<string> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: async (key) => values.get(key) ?? null,
    setItem: async (key, value) => {
      values.set(key, value);
    },
    removeItem: async (key) => {
      values.delete(key);
    },
  };
}

function Answer({ fetches }: { fetches: string[] }) {
  const query = useQuery({
    queryKey: ["test", "answer"],
    queryFn: async () => {
      fetches.push("answer");
      return `answer ${fetches.length}`;
    },
    staleTime: STALE_TIME.lists,
  });
  return <p>{query.data ?? "loading"}</p>;
}

function visit(client: QueryClient, store: ReturnType<typeof memoryStore>, fetches: string[]) {
  const persist = persistOptions(markedStorage(store, localStorage));
  return render(
    <PersistedQueryClientProvider client={client} persist={persist} stored={hasStoredCache(localStorage)}>
      <Answer fetches={fetches} />
    </PersistedQueryClientProvider>,
  );
}

describe("the persisted query client", () => {
  it("fetches on a first visit without waiting for a restore, persists the answer, and a second visit fetches nothing", async () => {
    const store = memoryStore();
    const fetches: string[] = [];
    const first = visit(createQueryClient(), store, fetches);
    // Nothing stored: the query went out in the first render's effects, before any storage was read.
    expect(fetches).toEqual(["answer"]);
    expect(await screen.findByText("answer 1")).toBeInTheDocument();
    await waitFor(() => expect(store.values.has(PERSIST_KEY)).toBe(true));
    first.unmount();

    expect(hasStoredCache(localStorage)).toBe(true);
    visit(createQueryClient(), store, fetches);
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("answer 1")).toBeInTheDocument();
    expect(fetches).toEqual(["answer"]);
  });
});
