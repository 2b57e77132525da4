// Every query key of the console, from one factory: its queries and the invalidation after a change agree
// on them. They live in the console's own query client (see admin-context.tsx), never the persisted one.
import type { UsagePeriod } from "../../interface/admin.ts";

const ROOT = "admin" as const;

export const adminKeys = {
  all: [ROOT] as const,
  keys: () => [ROOT, "keys"] as const,
  addresses: () => [ROOT, "addresses"] as const,
  audit: () => [ROOT, "audit"] as const,
  usageAll: () => [ROOT, "usage"] as const,
  usage: (period: UsagePeriod) => [ROOT, "usage", period] as const,
  usageMinutesAll: () => [ROOT, "usage-minutes"] as const,
  /** client null: the whole service. */
  usageMinutes: (period: UsagePeriod, client: string | null) =>
    [ROOT, "usage-minutes", period, client ?? "*"] as const,
  health: () => [ROOT, "health"] as const,
};

/** How often what changes by itself is asked again while the page is visible: no faster than this. */
export const REFRESH_MS = { health: 15_000, usage: 30_000 } as const;
