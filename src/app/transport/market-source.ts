// Where the service's numbers come from, as it says on its answers: `X-Market-Source: simulator`,
// `simulator; fallback` (standing in for exchanges it could not reach) or `exchanges; live=7; total=10`.
// The public service sends no such header, and then the dashboard claims nothing: a claim the service did
// not make would be ours, and could be wrong.
//
// A reload served from the persisted cache may receive no answer for a long while (the rate list stays
// fresh for a day), so the store remembers, per service, that the service spoke the header. It never
// remembers the claim itself: the source may have changed since (a restart with `--market exchanges`), and a
// remembered "Simulated market" shown over real prices, or "Live" over simulated ones, is the wrong claim
// this is here to prevent. The badge asks the service's free /status instead (see queries/status.ts).
import { structuredList } from "./rate-limit-headers.ts";

export const MARKET_SOURCE_HEADER = "X-Market-Source";

export type MarketSource =
  /** fallback: the simulator stands in for the real market, which the service could not reach. */
  | { kind: "simulator"; fallback: boolean }
  /** live: exchanges connected now; total: exchanges read. */
  | { kind: "exchanges"; live: number; total: number };

export interface MarketSourceSnapshot {
  /** What the last answer said; null before any answer, or when it said nothing we can read. */
  source: MarketSource | null;
  /** Whether an answer has arrived on this connection (with or without the header). */
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

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The localStorage key saying the service at `baseUrl` spoke the header; its value is the source's kind it
 * last said (to notice a change of source, never to claim it).
 */
export function spokeMarketSourceKey(baseUrl: string): string {
  return `cmd.marketSource|${baseUrl}`;
}

export class MarketSourceStore {
  private snapshot: MarketSourceSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly baseUrl: string,
    private readonly storage: Storage | null,
  ) {
    const spokeBefore = storage !== null && storage.getItem(spokeMarketSourceKey(baseUrl)) !== null;
    this.snapshot = { source: null, heard: false, spokeBefore };
  }

  get = (): MarketSourceSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Calls `listener` when the service's source changes kind (the simulator standing in gave way to the real
   * market, or back), on this visit or since an earlier one: the answers held came from the other source.
   */
  onSourceChange = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /** Every answer of a /v1 request, refusals included: the value of its X-Market-Source (null if absent). */
  heard(header: string | null): void {
    const source = parseMarketSource(header);
    const spoke = source !== null;
    if (source !== null) this.noteKind(source.kind);
    else if (this.snapshot.spokeBefore) this.forget();
    const { snapshot } = this;
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
      // Storage full or refused: the next visit asks nothing until the first answer, which is only later.
    }
    // A remembered "1" (an older dashboard's) or nothing names no kind: no change to tell.
    const knownBefore =
      before === "simulator" || before === "exchanges" ? before : this.snapshot.source?.kind;
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

  private set(next: MarketSourceSnapshot): void {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

function sameSource(a: MarketSource | null, b: MarketSource | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "simulator" || b.kind === "simulator")
    return a.kind === "simulator" && b.kind === "simulator" && a.fallback === b.fallback;
  return a.live === b.live && a.total === b.total;
}
