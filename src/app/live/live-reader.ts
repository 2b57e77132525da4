// The one open stream of a browser (its leading tab holds it): opened through the request budget as one
// request, read with a Server-Sent Events parser (fetch, so the X-Api-Key goes in a header, never the URL),
// resumed with Last-Event-ID when it ends, and told what to follow with PUT .../subjects, which spends none
// of the client's requests. When the service refuses a stream or has none, the pages poll as before.
import { createParser } from "eventsource-parser";
import { pathOf } from "../../interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../../interface/extension-endpoints.ts";
import {
  LiveEventSchemas,
  type LiveSubjects,
  LiveSubjectsSchema,
  subjectsQuery,
} from "../../interface/live-events.ts";
import { answeredUnknownPath } from "../queries/service-offers.ts";
import { ApiRequestError, type Transport } from "../transport/transport.ts";
import { followsNothing, NO_SUBJECTS, sameSubjects } from "./live-subjects.ts";

/** Where the stream stands, as the header tells it. */
export type LiveState =
  | { kind: "idle" }
  | { kind: "connecting" }
  | { kind: "live" }
  | { kind: "paused" }
  | { kind: "polling"; reason: string };

/** An event as it came: its name, its JSON text, and when this browser received it (epoch ms). */
export interface ArrivedEvent {
  name: string;
  data: string;
  arrivedAt: number;
  /** The SSE id: line, for events a resume continues from; null for merged ones. */
  id: string | null;
}

export interface LiveReaderOptions {
  transport: Transport;
  onEvent: (event: ArrivedEvent) => void;
  onState: (state: LiveState) => void;
  /** The newest id: line this browser has seen (another tab may have read it), for Last-Event-ID. */
  lastEventId?: string | null;
  now?: () => number;
}

/** Reconnecting after a cut: from 1 s, doubling, to at most 30 s (the service's retry: hint first). */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** How the service begins its 404 for a stream it does not hold (gone with a restarted replica). */
const STREAM_GONE = "no open stream";
/** A service that refused a stream (its cap of open streams) is asked again after this long. */
const REFUSED_RETRY_MS = 60_000;

export class LiveReader {
  private wanted: LiveSubjects = NO_SUBJECTS;
  /** What the open stream follows, as the service last confirmed. */
  private following: LiveSubjects | null = null;
  private stream: string | null = null;
  private abort: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;
  private serverRetryMs: number | null = null;
  private sending = false;
  /** The subjects the stream being opened asked for. */
  private asked: LiveSubjects = NO_SUBJECTS;
  /** Subjects the service refused (a 400: a symbol it does not know), not sent again until they change. */
  private refused: LiveSubjects | null = null;
  /** What opening was refused for: "always" for a service with no stream, else the subjects it refused. */
  private refusedOpen: LiveSubjects | "always" | null = null;
  private paused = false;
  private closed = false;
  private state: LiveState = { kind: "idle" };
  private lastEventId: string | null;
  private readonly now: () => number;

  constructor(private readonly options: LiveReaderOptions) {
    this.lastEventId = options.lastEventId ?? null;
    this.now = options.now ?? Date.now;
  }

  /** Follows `subjects` from now: opens the stream for the first subjects, else changes the open one's. */
  follow(subjects: LiveSubjects): void {
    this.wanted = subjects;
    if (this.closed || this.paused) return;
    if (this.abort === null && this.retryTimer === null) {
      if (!followsNothing(subjects) && this.mayOpen(subjects)) this.open();
      return;
    }
    void this.sendSubjects();
  }

  /** Ends the stream while no tab is looked at; resume() opens it again where it left off. */
  pause(): void {
    if (this.paused || this.closed || this.refusedOpen === "always") return;
    this.paused = true;
    this.stop();
    this.setState({ kind: "paused" });
  }

  resume(): void {
    if (!this.paused || this.closed) return;
    this.paused = false;
    this.setState({ kind: "idle" });
    this.follow(this.wanted);
  }

  close(): void {
    this.closed = true;
    this.stop();
  }

  private stop(): void {
    this.abort?.abort();
    this.abort = null;
    this.stream = null;
    this.following = null;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Not again what the service refused for good (no stream: 404) or refused these subjects (400). */
  private mayOpen(subjects: LiveSubjects): boolean {
    if (this.refusedOpen === null) return true;
    return this.refusedOpen !== "always" && !sameSubjects(this.refusedOpen, subjects);
  }

  private setState(state: LiveState): void {
    if (JSON.stringify(state) === JSON.stringify(this.state)) return;
    this.state = state;
    this.options.onState(state);
  }

  private open(): void {
    const abort = new AbortController();
    this.abort = abort;
    this.stream = null;
    this.following = null;
    if (this.state.kind !== "polling") this.setState({ kind: "connecting" });
    void this.read(abort).then(
      () => this.ended(abort, null),
      (error: unknown) => this.ended(abort, error),
    );
  }

  private async read(abort: AbortController): Promise<void> {
    const subjects = this.wanted;
    this.asked = subjects;
    const query = Object.fromEntries(subjectsQuery(subjects));
    const headers: Record<string, string> = {};
    if (this.lastEventId !== null) headers["Last-Event-ID"] = this.lastEventId;
    const response = await this.options.transport.openStream(
      pathOf(LIVE_ENDPOINTS.stream, {}, query),
      // After what the page shows: the stream is what makes it move, not what draws it.
      { priority: "prefetch", signal: abort.signal, label: "live stream", headers },
    );
    const body = response.body;
    if (body === null) throw new ApiRequestError("the stream had no body", 0);
    const parser = createParser({
      onEvent: (message) => {
        if (abort.signal.aborted) return;
        const name = message.event ?? "message";
        if (message.id !== undefined && message.id !== "") this.lastEventId = message.id;
        if (name === "open") this.opened(message.data, subjects);
        this.retryMs = FIRST_RETRY_MS;
        this.options.onEvent({ name, data: message.data, arrivedAt: this.now(), id: message.id ?? null });
      },
      onRetry: (ms) => {
        this.serverRetryMs = ms;
      },
    });
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || abort.signal.aborted) return;
        parser.feed(value);
      }
    } finally {
      reader.releaseLock();
    }
  }

  private opened(data: string, asked: LiveSubjects): void {
    const open = LiveEventSchemas.open.safeParse(JSON.parse(data));
    if (!open.success) return;
    this.stream = open.data.stream;
    this.following = asked;
    this.setState({ kind: "live" });
    // Pages may have changed what they follow while the stream was opening.
    if (!sameSubjects(this.wanted, asked)) void this.sendSubjects();
  }

  /** The stream ended: the service's end (an hour, a shutdown), a cut, or a refusal. */
  private ended(abort: AbortController, error: unknown): void {
    if (this.abort !== abort) return; // stopped on purpose: paused, closed or reopened
    this.abort = null;
    this.stream = null;
    this.following = null;
    if (this.closed || this.paused) return;
    if (error instanceof ApiRequestError && error.status !== 0) {
      // 404: a service with no stream (the public service, or a process that serves none): poll for good.
      // A 400 names a subject the service does not know: the next change of subjects tries again.
      this.setState({ kind: "polling", reason: error.message });
      if (error.status === 429 || error.status >= 500) {
        this.retryIn(error.details.retryAfterMs ?? REFUSED_RETRY_MS);
      } else {
        // A service without the stream's path (the public service) has none for good; a 404 naming a
        // subject (an unknown symbol) refuses only these subjects.
        this.refusedOpen =
          answeredUnknownPath(error) || (error.status === 404 && /serves no live stream/.test(error.message))
            ? "always"
            : this.asked;
      }
      return;
    }
    this.setState({ kind: "connecting" });
    const wait = this.serverRetryMs ?? this.retryMs;
    this.serverRetryMs = null;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryIn(wait);
  }

  private retryIn(ms: number): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed && !this.paused && !followsNothing(this.wanted)) this.open();
    }, ms);
  }

  /** Sends the wanted subjects to the open stream, one change at a time, the newest wins. */
  private async sendSubjects(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (
        this.stream !== null &&
        this.following !== null &&
        !sameSubjects(this.wanted, this.following) &&
        !(this.refused !== null && sameSubjects(this.wanted, this.refused))
      ) {
        const subjects = this.wanted;
        const stream = this.stream;
        try {
          this.following = await this.options.transport.requestOwnLimit(
            pathOf(LIVE_ENDPOINTS.streamSubjects, { stream }),
            {
              method: "PUT",
              body: JSON.stringify(subjects),
              decode: (value) => LiveSubjectsSchema.parse(value),
            },
          );
        } catch (error) {
          if (this.stream !== stream) continue;
          if (
            error instanceof ApiRequestError &&
            error.status === 404 &&
            error.message.startsWith(STREAM_GONE)
          ) {
            // The stream is gone from the service (a replica restarted): open one again, resuming.
            this.stop();
            this.open();
            return;
          }
          // A 400, or a 404 naming a subject (an unknown symbol): these subjects are refused, not the stream.
          if (error instanceof ApiRequestError && (error.status === 400 || error.status === 404)) {
            this.refused = subjects;
            continue;
          }
          const wait =
            error instanceof ApiRequestError
              ? (error.details.retryAfterMs ?? FIRST_RETRY_MS)
              : FIRST_RETRY_MS;
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
