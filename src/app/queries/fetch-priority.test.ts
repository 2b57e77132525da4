import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { fetchPriority } from "./fetch-priority.ts";
import { queryKeys } from "./query-keys.ts";

describe("which budget lane a query's fetch takes", () => {
  it("prefetch when nobody looks, visible when someone waits for it, background when refreshing shown data", async () => {
    const client = new QueryClient();
    const key = queryKeys.coins();
    const lanes: string[] = [];
    const queryFn = async () => {
      lanes.push(fetchPriority(client, key));
      return lanes.length;
    };
    await client.prefetchQuery({ queryKey: key, queryFn });
    client.removeQueries({ queryKey: key });

    const observer = new QueryObserver(client, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    await observer.refetch();
    unsubscribe();
    expect(lanes[0]).toBe("prefetch");
    // The first observed fetch found no data yet; the refetches refresh what is on screen.
    expect(lanes.slice(1)).toContain("visible");
    expect(lanes.at(-1)).toBe("background");
  });
});
