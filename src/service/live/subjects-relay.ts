// A change of an open stream's subjects, from any replica: a stream is held by the one API process it was
// opened on, while a balancer sends the client's PUT to any. The process asked, not holding the stream,
// publishes the change on Redis; every API process hears it, and the one that holds the stream (for the
// same client) applies its limit and follows; each other answers that it does not hold it. The asker
// answers as soon as the holder has, or once every process that heard the change has said it holds none
// (404 at once), or after a bounded wait (503: try again).
import { randomBytes } from "node:crypto";
import { type LiveSubjects, LiveSubjectsSchema } from "../../interface/live-events.ts";

/** The channel every API process hears the relayed changes on. */
export const SUBJECTS_CHANNEL = "market-live-subjects";
/** Each process's channel for the answers to the changes it relayed: this, then its own random name. */
const REPLY_PREFIX = "market-live-subjects-reply:";
/** How long a relayed change waits for the processes' answers. */
export const RELAY_WAIT_MS = 1_000;
/** Changes waiting for answers at most; beyond, a change is not relayed (a bound on memory). */
const MAX_PENDING = 1_000;

/** A change of stream `stream`'s subjects asked by `client` (an issued key's name, else an address). */
export interface SubjectsChangeRequest {
  stream: string;
  client: string;
  subjects: LiveSubjects;
}

/** What became of a change: `absent` when no process holds the stream for that client. */
export type SubjectsChange =
  | { outcome: "followed"; subjects: LiveSubjects }
  | { outcome: "absent" }
  | { outcome: "limited"; retryAfterS: number }
  /** A process that heard it did not answer in time, or Redis could not be reached. */
  | { outcome: "unanswered" };

/** Where streams are spread over processes: how a change reaches the one that holds the stream. */
export interface SubjectsRelay {
  /** Asks the other processes to make a change of a stream this one does not hold. */
  ask(change: SubjectsChangeRequest): Promise<SubjectsChange>;
  /** Makes the changes others ask with `make` (this process's streams); returns a function that stops. */
  answer(make: (change: SubjectsChangeRequest) => SubjectsChange): () => void;
}

/** What the relay needs of Redis: a connection to publish on, and the process's subscriber. */
export interface RelayConnections {
  /**
   * Resolves with how many subscribers heard it; rejects at once while Redis is not connected, since a
   * change sent on reconnecting, its wait over, could undo a newer one.
   */
  publish(channel: string, text: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
}

interface Pending {
  /** How many processes heard the change (PUBLISH's answer), once known. */
  heardBy: number | null;
  /** How many answered that they hold no such stream. */
  absent: number;
  finish(change: SubjectsChange): void;
}

interface Answer {
  id: string;
  change: SubjectsChange;
}

export class RedisSubjectsRelay implements SubjectsRelay {
  private readonly replyChannel = REPLY_PREFIX + randomBytes(12).toString("base64url");
  private readonly pending = new Map<string, Pending>();
  private make: ((change: SubjectsChangeRequest) => SubjectsChange) | null = null;
  /** The subscription to this process's answers, made at its first change relayed. */
  private replies: Promise<unknown> | null = null;
  private asked = 0;

  constructor(
    private readonly redis: RelayConnections,
    private readonly options: { waitMs?: number; log?: (line: string) => void } = {},
  ) {}

  /** A message of the subscriber on a channel of the relay's: a change to make, or an answer. */
  heard(channel: string, text: string): void {
    if (channel === SUBJECTS_CHANNEL) this.makeAsked(text);
    else if (channel === this.replyChannel) {
      const answer = parseAnswer(text);
      if (answer) this.answered(answer);
    }
  }

  ask(change: SubjectsChangeRequest): Promise<SubjectsChange> {
    if (this.pending.size >= MAX_PENDING) return Promise.resolve({ outcome: "unanswered" });
    const id = String(++this.asked);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => pending.finish({ outcome: "unanswered" }),
        this.options.waitMs ?? RELAY_WAIT_MS,
      );
      const pending: Pending = {
        heardBy: null,
        absent: 0,
        finish: (outcome) => {
          clearTimeout(timer);
          if (this.pending.delete(id)) resolve(outcome);
        },
      };
      this.pending.set(id, pending);
      // Subscribed to the answers before asking, so that none is missed.
      this.replies ??= this.redis.subscribe(this.replyChannel).catch((error: unknown) => {
        this.replies = null;
        throw error;
      });
      this.replies
        .then(() =>
          // Not once answered (the wait over): made later, it could undo a newer change.
          this.pending.has(id)
            ? this.redis.publish(
                SUBJECTS_CHANNEL,
                JSON.stringify({ ...change, id, replyTo: this.replyChannel }),
              )
            : 0,
        )
        .then((heardBy) => {
          // Answers may have come first: they come on the subscriber, PUBLISH's count on another connection.
          pending.heardBy = heardBy;
          this.settleIfAllAbsent(pending);
        })
        .catch(() => pending.finish({ outcome: "unanswered" }));
    });
  }

  answer(make: (change: SubjectsChangeRequest) => SubjectsChange): () => void {
    this.make = make;
    this.redis.subscribe(SUBJECTS_CHANNEL).catch((error: unknown) => this.failed("subscribing", error));
    return () => {
      this.make = null;
      this.redis.unsubscribe(SUBJECTS_CHANNEL).catch(() => undefined);
    };
  }

  /** Ends the waits of the changes relayed (the process is closing). */
  close(): void {
    for (const pending of [...this.pending.values()]) pending.finish({ outcome: "unanswered" });
  }

  private makeAsked(text: string): void {
    const asked = parseRequest(text);
    if (asked === null || this.make === null) return;
    const change = this.make(asked);
    const answer: Answer = { id: asked.id, change };
    // This process's own change (it holds no such stream) is answered here, with no round trip.
    if (asked.replyTo === this.replyChannel) this.answered(answer);
    else
      this.redis
        .publish(asked.replyTo, JSON.stringify(answer))
        .catch((error: unknown) => this.failed("answering", error));
  }

  private answered({ id, change }: Answer): void {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    if (change.outcome !== "absent") pending.finish(change);
    else {
      pending.absent++;
      this.settleIfAllAbsent(pending);
    }
  }

  private settleIfAllAbsent(pending: Pending): void {
    if (pending.heardBy !== null && pending.absent >= pending.heardBy) pending.finish({ outcome: "absent" });
  }

  private failed(what: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.options.log?.(`live: ${what} a change of a stream's subjects on Redis failed: ${reason}`);
  }
}

/** A relayed change as another process published it (only the service's processes publish on Redis). */
function parseRequest(text: string): (SubjectsChangeRequest & { id: string; replyTo: string }) | null {
  const value = parseJson(text);
  if (value === null || typeof value !== "object") return null;
  const { id, replyTo, stream, client, subjects } = value as Record<string, unknown>;
  const parsed = LiveSubjectsSchema.safeParse(subjects);
  if (
    typeof id !== "string" ||
    typeof replyTo !== "string" ||
    !replyTo.startsWith(REPLY_PREFIX) ||
    typeof stream !== "string" ||
    typeof client !== "string" ||
    !parsed.success
  )
    return null;
  return { id, replyTo, stream, client, subjects: parsed.data };
}

function parseAnswer(text: string): Answer | null {
  const value = parseJson(text) as Partial<Answer> | null;
  if (value === null || typeof value !== "object" || typeof value.id !== "string") return null;
  const { change } = value;
  if (change === null || typeof change !== "object") return null;
  switch (change.outcome) {
    case "followed": {
      const subjects = LiveSubjectsSchema.safeParse(change.subjects);
      return subjects.success
        ? { id: value.id, change: { outcome: "followed", subjects: subjects.data } }
        : null;
    }
    case "limited":
      return typeof change.retryAfterS === "number" ? { id: value.id, change } : null;
    case "absent":
      return { id: value.id, change: { outcome: "absent" } };
    default:
      return null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
