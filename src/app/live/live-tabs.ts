// One stream per browser, shared by its tabs, coordinated as the request budget is (budget/cross-tab.ts):
// the tab holding a Web Lock leads, reads the stream and passes each event to the others on a
// BroadcastChannel; every tab tells the leader what its page follows and whether it is looked at. When the
// leading tab goes, the lock passes to another, which resumes from the last id any tab saw. While every tab
// is hidden the stream is paused. (A SharedWorker would do it too, but Chrome for Android has none.)
import type { LiveSubjects } from "../../interface/live-events.ts";
import type { Transport } from "../transport/transport.ts";
import { type ArrivedEvent, LiveReader, type LiveState } from "./live-reader.ts";
import type { LiveStore } from "./live-store.ts";
import { NO_SUBJECTS, unionOfSubjects } from "./live-subjects.ts";

/** What of the browser the sharing uses; the tests pass fakes. */
export interface LiveTabsEnvironment {
  /** Web Locks; undefined where missing (then each tab reads its own stream). */
  locks: LockManager | undefined;
  /** Opens a broadcast channel; null where BroadcastChannel is missing. */
  openChannel: ((name: string) => BroadcastChannel) | null;
  /** Whether this tab is looked at, and where its changes are told. */
  visible: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
}

/** The environment of this page, or null outside a browser. */
export function browserLiveTabs(): LiveTabsEnvironment | null {
  if (typeof window === "undefined" || typeof document === "undefined") return null;
  return {
    locks: typeof navigator === "undefined" ? undefined : (navigator.locks ?? undefined),
    openChannel: typeof BroadcastChannel === "undefined" ? null : (name) => new BroadcastChannel(name),
    visible: () => document.visibilityState !== "hidden",
    onVisibilityChange: (listener) => {
      document.addEventListener("visibilitychange", listener);
      return () => document.removeEventListener("visibilitychange", listener);
    },
  };
}

/**
 * How long every tab may be hidden before the stream is paused: a glance at another tab keeps it (reopening
 * spends one of the 5 requests a minute), a tab left in the background frees it.
 */
export const PAUSE_WHEN_HIDDEN_MS = 30_000;

/** How long the leader gathers events before passing them to the other tabs (see share). */
const SHARE_MS = 50;

type Message =
  | { kind: "tab"; tab: string; subjects: LiveSubjects; visible: boolean }
  | { kind: "bye"; tab: string }
  | { kind: "leader"; tab: string }
  | { kind: "events"; events: ArrivedEvent[] }
  | { kind: "state"; state: LiveState };

interface TabView {
  subjects: LiveSubjects;
  visible: boolean;
}

export class LiveTabs {
  readonly tab = Math.random().toString(36).slice(2, 10);
  /** What each page of this tab follows, by the page's own id. */
  private readonly pages = new Map<string, LiveSubjects>();
  /** Each tab's view, as the leader knows it (this tab's own included). */
  private readonly tabs = new Map<string, TabView>();
  private readonly channel: BroadcastChannel | null;
  private reader: LiveReader | null = null;
  private releaseLock: (() => void) | null = null;
  private pauseTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private readonly stopWatchingVisibility: () => void;
  /** Events read but not yet passed to the other tabs (see share). */
  private outbox: ArrivedEvent[] = [];
  private outboxTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly transport: Transport,
    private readonly store: LiveStore,
    private readonly env: LiveTabsEnvironment | null,
    name: string,
  ) {
    this.channel = env?.openChannel?.(`${name}|live`) ?? null;
    this.channel?.addEventListener("message", this.onMessage);
    this.stopWatchingVisibility = env?.onVisibilityChange(() => this.announce()) ?? (() => {});
    if (env?.locks && this.channel) {
      void env.locks
        .request(`${name}|live`, () => {
          if (this.disposed) return;
          this.lead();
          return new Promise<void>((release) => {
            this.releaseLock = release;
          });
        })
        .catch(() => {
          // A lock refused (a page going away): another tab leads.
        });
    } else {
      this.lead();
    }
    this.announce();
  }

  /** What the page `page` of this tab follows now; NO_SUBJECTS (or dispose of it) when it follows nothing. */
  follow(page: string, subjects: LiveSubjects | null): void {
    if (subjects === null) this.pages.delete(page);
    else this.pages.set(page, subjects);
    this.announce();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.post({ kind: "bye", tab: this.tab });
    this.stopWatchingVisibility();
    this.reader?.close();
    this.reader = null;
    this.releaseLock?.();
    this.channel?.removeEventListener("message", this.onMessage);
    this.channel?.close();
    if (this.pauseTimer !== null) clearTimeout(this.pauseTimer);
    if (this.outboxTimer !== null) clearTimeout(this.outboxTimer);
  }

  private get ownView(): TabView {
    return {
      subjects: unionOfSubjects(this.pages.values()),
      visible: this.env?.visible() ?? true,
    };
  }

  /** Tells the leader (this tab, or another on the channel) what this tab's pages follow. */
  private announce(): void {
    if (this.disposed) return;
    const view = this.ownView;
    if (this.reader) {
      this.tabs.set(this.tab, view);
      this.decide();
    } else {
      this.post({ kind: "tab", tab: this.tab, ...view });
    }
  }

  private lead(): void {
    this.reader = new LiveReader({
      transport: this.transport,
      lastEventId: this.store.lastEventId,
      onEvent: (event) => {
        this.store.apply(event);
        this.share(event);
      },
      onState: (state) => {
        this.store.setState(state);
        this.post({ kind: "state", state });
      },
    });
    this.tabs.set(this.tab, this.ownView);
    // Every other tab says again what it follows, to this new leader.
    this.post({ kind: "leader", tab: this.tab });
    this.decide();
  }

  /** The leader's decision: follow the union of every tab's subjects; pause while none is looked at. */
  private decide(): void {
    const reader = this.reader;
    if (!reader) return;
    const views = [...this.tabs.values()];
    reader.follow(views.length === 0 ? NO_SUBJECTS : unionOfSubjects(views.map((view) => view.subjects)));
    const looked = views.some((view) => view.visible);
    if (looked) {
      if (this.pauseTimer !== null) clearTimeout(this.pauseTimer);
      this.pauseTimer = null;
      reader.resume();
    } else if (this.pauseTimer === null) {
      this.pauseTimer = setTimeout(() => {
        this.pauseTimer = null;
        if (![...this.tabs.values()].some((view) => view.visible)) reader.pause();
      }, PAUSE_WHEN_HIDDEN_MS);
    }
  }

  private readonly onMessage = (message: MessageEvent<Message>): void => {
    const data = message.data;
    switch (data.kind) {
      case "events":
        for (const event of data.events) this.store.apply(event);
        break;
      case "state":
        this.store.setState(data.state);
        break;
      case "leader":
        this.tabs.clear();
        this.post({ kind: "tab", tab: this.tab, ...this.ownView });
        break;
      case "tab":
        if (!this.reader) break;
        if (!this.tabs.has(data.tab)) {
          // A tab that just joined gets what this one knows: how the stream stands, the newest prices.
          this.post({ kind: "state", state: this.store.getState() });
          this.post({ kind: "events", events: this.store.newestEvents() });
        }
        this.tabs.set(data.tab, { subjects: data.subjects, visible: data.visible });
        this.decide();
        break;
      case "bye":
        this.tabs.delete(data.tab);
        this.decide();
        break;
    }
  };

  /**
   * Passes an event to the other tabs, together with the others of the same moment: a BroadcastChannel
   * message costs the posting tab 0.35 ms (measured: the coin list's 140 events a second took 5 % of its
   * main thread in postMessage alone), one every SHARE_MS does not. Alone, this tab posts nothing: a tab
   * that joins is given the newest of everything when it says it is there.
   */
  private share(event: ArrivedEvent): void {
    if (this.tabs.size <= 1 || !this.channel) return;
    this.outbox.push(event);
    if (this.outboxTimer !== null) return;
    this.outboxTimer = setTimeout(() => {
      this.outboxTimer = null;
      const events = this.outbox;
      this.outbox = [];
      this.post({ kind: "events", events });
    }, SHARE_MS);
  }

  private post(message: Message): void {
    this.channel?.postMessage(message);
  }
}
