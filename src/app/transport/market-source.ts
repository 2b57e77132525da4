// Where the service's numbers come from, as its X-Market-Source response header says (`simulator`,
// `simulator; fallback`, `exchanges; live=7; total=10`); without the header the dashboard claims nothing.
// Only that the service spoke the header is remembered, never the claim: the source may have changed since.
import { ExternalStore } from "../store/external-store.ts";
import { isCount, structuredList } from "./rate-limit-headers.ts";

export const MARKET_SOURCE_HEADER = "X-Market-Source";

export type MarketSource =
  /** fallback: the simulator replaces the real market, which the service could not reach. */
  | { kind: "simulator"; fallback: boolean }
  /** live: exchanges connected now; total: exchanges read. */
  | { kind: "exchanges"; live: number; total: number };

export interface MarketSourceSnapshot {
  /** What the last response said; null before any, or when it said nothing we can read. */
  source: MarketSource | null;
  /** Whether a response has arrived on this connection (with or without the header). */
  heard: boolean;
  /** Whether this service spoke the header on an earlier visit: its free /status may then be asked. */
  spokeBefore: boolean;
}

/**
 * The header's value as a structured-field item (RFC 9651) with parameters. Null for anything else (an
 * unknown source, counts missing or out of order): claiming nothing beats claiming what we misread.
 */
export function parseMarketSource(header: string | null | undefined): MarketSource | null {
  const members = structuredList(header);
  const [member] = members;
  if (members.length !== 1 || member === undefined) return null;
  if (member.item === "simulator")
    return { kind: "simulator", fallback: member.params.get("fallback") === true };
  if (member.item !== "exchanges") return null;
  const live = member.params.get("live");
  const total = member.params.get("total");
  if (!isCount(live) || !isCount(total) || live > total) return null;
  return { kind: "exchanges", live, total };
}

/**
 * The localStorage key saying the service at `baseUrl` spoke the header; its value is the source's kind it
 * last said (to notice a change of source, never to claim it).
 */
export function spokeMarketSourceKey(baseUrl: string): string {
  return `cmd.marketSource|${baseUrl}`;
}

export class MarketSourceStore extends ExternalStore<MarketSourceSnapshot> {
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly baseUrl: string,
    private readonly storage: Storage | null,
  ) {
    const spokeBefore = storage !== null && storage.getItem(spokeMarketSourceKey(baseUrl)) !== null;
    super({ source: null, heard: false, spokeBefore });
  }

  /** Calls `listener` when the source changes kind (fallback simulator ↔ real market), even across visits. */
  onSourceChange = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /** Every response to a /v1 request, refusals included: its X-Market-Source (null if absent). */
  heard(header: string | null): void {
    const source = parseMarketSource(header);
    const spoke = source !== null;
    if (source !== null) this.noteKind(source.kind);
    else if (this.get().spokeBefore) this.forget();
    const snapshot = this.get();
    if (snapshot.heard && snapshot.spokeBefore === spoke && sameSource(snapshot.source, source)) return;
    this.set({ source, heard: true, spokeBefore: spoke });
  }

  /** Keeps the kind the service said, and tells of a change from the one it said before. */
  private noteKind(kind: MarketSource["kind"]): void {
    let before: string | null = null;
    try {
      before = this.storage?.getItem(spokeMarketSourceKey(this.baseUrl)) ?? null;
      if (before !== kind) this.storage?.setItem(spokeMarketSourceKey(this.baseUrl), kind);
    } catch {
      // Storage full or refused: the next visit asks nothing until the first response.
    }
    // A remembered "1" (an older dashboard's) or nothing names no kind: no change to tell.
    const knownBefore = before === "simulator" || before === "exchanges" ? before : this.get().source?.kind;
    if (knownBefore !== undefined && knownBefore !== kind) {
      for (const listener of [...this.changeListeners]) listener();
    }
  }

  /** The service no longer says: a later visit asks it no /status. */
  private forget(): void {
    try {
      this.storage?.removeItem(spokeMarketSourceKey(this.baseUrl));
    } catch {
      // Storage refused: the next visit asks /status once, and is told nothing it could claim.
    }
  }
}

function sameSource(a: MarketSource | null, b: MarketSource | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "simulator" || b.kind === "simulator")
    return a.kind === "simulator" && b.kind === "simulator" && a.fallback === b.fallback;
  return a.live === b.live && a.total === b.total;
}
