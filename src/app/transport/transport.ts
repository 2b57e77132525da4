// The one way the dashboard talks to the service: every request waits for the shared budget, then goes
// out with fetch; the answer is decoded in either wire format. A 429 pauses the whole budget until
// Retry-After and the request goes again; another 4xx is reported, never retried; a network failure is
// retried with backoff, each try inside the budget. A large answer (chart points) can be read as it
// arrives, with progress told, and handed as bytes to a decoder that may run elsewhere (a Web Worker).

import type { ScheduleOptions } from "../budget/priority.ts";
import type { RequestBudget } from "../budget/request-budget.ts";
import { errorRecordOf, parseBody } from "../decoding/decode.ts";
import { DecodeError } from "../decoding/wire-value.ts";
import { MARKET_SOURCE_HEADER, type MarketSourceStore } from "./market-source.ts";
import {
  type BackoffTimers,
  NETWORK_RETRY,
  type NetworkRetryPolicy,
  retryNetworkFailure,
} from "./network-retry.ts";
import { parseRateLimitPolicy, parseRetryAfter } from "./rate-limit-headers.ts";
import { type ProgressListener, readBody } from "./read-body.ts";
import type { ServiceHealth } from "./service-health.ts";

/** A request the service refused (status ≥ 400 other than 429), or an answer that could not be read. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the answer could not be decoded. */
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** How long to wait after a 429 that names no Retry-After: the whole window. */
const DEFAULT_PAUSE_MS = 60_000;

export interface TransportOptions {
  /** Where the service is; "" for the page's own origin. */
  baseUrl: string;
  /** An issued client key, sent as X-Api-Key. */
  apiKey?: string | null;
  budget: RequestBudget;
  /** Told of every answer and every request that got none, for the page to say the service is away. */
  health?: ServiceHealth;
  /** Told of every answer's X-Market-Source, for the header to say where the numbers come from. */
  marketSource?: MarketSourceStore;
  fetch?: typeof fetch;
  now?: () => number;
  retry?: NetworkRetryPolicy;
  timers?: BackoffTimers;
}

interface CommonRequestOptions extends ScheduleOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /**
   * Told of the answer's bytes as they arrive: (0, total) when the headers are in, then after every chunk.
   * total is the Content-Length, or null when the server sent none. A retried request starts again at 0.
   */
  onProgress?: ProgressListener;
}

export interface ParsedRequestOptions<T> extends CommonRequestOptions {
  /** Turns the parsed body into the resource; throws (e.g. DecodeError) when it cannot. */
  decode: (value: unknown) => T;
  /**
   * A conditional GET of what the caller holds: sent with If-None-Match, and a 304 answers the held value
   * (still current: no body crossed the network). If the held value is gone by then, it is asked again
   * without the condition.
   */
  revalidate?: { etag: string; held: () => T | undefined };
  /** Told the validator (ETag) of a 200 answer once it is decoded, or null when it carried none. */
  onValidator?: (etag: string | null) => void;
}

export interface RawRequestOptions<T> extends CommonRequestOptions {
  /**
   * Turns the answer's bytes (a 2xx answer's whole body, the caller's to keep or transfer) into the
   * resource, perhaps elsewhere (a Web Worker); rejects (e.g. DecodeError) when it cannot, and with the
   * signal's reason once it aborts.
   */
  decodeBody: (body: ArrayBuffer, signal: AbortSignal) => T | Promise<T>;
}

export type RequestOptions<T> = ParsedRequestOptions<T> | RawRequestOptions<T>;

/** "unheld": a 304 to a conditional request whose held value is gone; it goes again, unconditional. */
type Outcome<T> = { kind: "answer"; value: T } | { kind: "paused" } | { kind: "unheld" };

export class Transport {
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly timers: BackoffTimers;

  constructor(private readonly options: TransportOptions) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? {
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
  }

  async request<T>(path: string, options: RequestOptions<T>): Promise<T> {
    const { budget } = this.options;
    const schedule = budget.schedule.bind(budget);
    const scheduleOptions: ScheduleOptions = {
      priority: options.priority,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.label ? { label: options.label } : {}),
    };
    let current = options;
    for (;;) {
      const sending = current;
      const outcome = await retryNetworkFailure(
        schedule,
        (signal) => this.send(path, sending, signal),
        scheduleOptions,
        this.options.retry ?? NETWORK_RETRY,
        this.timers,
      );
      if (outcome.kind === "answer") return outcome.value;
      // Paused by a 429: the budget holds every request until Retry-After; this one goes again then. A 304
      // for what is no longer held goes again as a plain GET, through the budget like any request.
      if (outcome.kind === "unheld") {
        const { revalidate: _, ...unconditional } = current as ParsedRequestOptions<T>;
        current = unconditional;
      }
    }
  }

  /**
   * A GET outside the request budget, once, for the service's own endpoints that spend nothing (GET
   * /status): our service counts only /v1 against a client, so waiting for a slot or counting it as a send
   * would hold back and crowd out the requests that do spend. Never for /v1; and its callers ask only a
   * service that said it is ours by sending X-Market-Source, since the public service would count it. No
   * key is sent, none being needed, and its answer says nothing of the market's source (/v1's header does).
   */
  async requestOutsideBudget<T>(
    path: string,
    { decode, signal }: { decode: (value: unknown) => T; signal?: AbortSignal },
  ): Promise<T> {
    if (path.startsWith("/v1/")) throw new Error(`${path} spends budget: it goes through request()`);
    const response = await this.fetch(`${this.options.baseUrl}${path}`, {
      headers: { Accept: "application/json" },
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new ApiRequestError(refusal(response.status, text), response.status);
    try {
      return decode(parseBody(text));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ApiRequestError(`the service's answer to ${path} could not be read: ${why}`, 0);
    }
  }

  private async send<T>(path: string, options: RequestOptions<T>, signal: AbortSignal): Promise<Outcome<T>> {
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (this.options.apiKey) headers["X-Api-Key"] = this.options.apiKey;
    const revalidate = "revalidate" in options ? options.revalidate : undefined;
    if (revalidate) headers["If-None-Match"] = revalidate.etag;
    const init: RequestInit = { method: options.method ?? "GET", headers, signal };
    if (options.body !== undefined) init.body = options.body;
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, init);
    } catch (error) {
      if (error instanceof TypeError && !signal.aborted) this.options.health?.failed(this.now());
      throw error;
    }
    this.options.health?.answered();
    this.options.marketSource?.heard(response.headers.get(MARKET_SOURCE_HEADER));
    const policy = parseRateLimitPolicy(response.headers.get("RateLimit-Policy"));
    if (policy) this.options.budget.adopt(policy);
    if (response.status === 429) {
      const wait = parseRetryAfter(response.headers.get("Retry-After"), this.now()) ?? DEFAULT_PAUSE_MS;
      this.options.budget.pauseUntil(this.now() + wait);
      await response.body?.cancel();
      return { kind: "paused" };
    }
    if (response.status === 304 && revalidate) {
      const held = revalidate.held();
      return held === undefined ? { kind: "unheld" } : { kind: "answer", value: held };
    }
    if (!response.ok) {
      throw new ApiRequestError(refusal(response.status, await response.text()), response.status);
    }
    // Cut off on the way: fetch's TypeError, retried as a network failure; cancelled: the caller's reason.
    const body =
      "decodeBody" in options || options.onProgress
        ? await readBody(response, signal, options.onProgress)
        : await response.text();
    try {
      if ("decodeBody" in options) {
        const bytes = typeof body === "string" ? new TextEncoder().encode(body).buffer : body;
        return { kind: "answer", value: await options.decodeBody(bytes, signal) };
      }
      const text = typeof body === "string" ? body : new TextDecoder().decode(body);
      const value = options.decode(parseBody(text));
      options.onValidator?.(response.headers.get("ETag"));
      return { kind: "answer", value };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const why = error instanceof DecodeError || error instanceof Error ? error.message : String(error);
      throw new ApiRequestError(`the service's answer to ${path} could not be read: ${why}`, 0);
    }
  }
}

/** The service's own words for a refusal when it sent the error record, else the status. */
function refusal(status: number, text: string): string {
  try {
    const record = errorRecordOf(parseBody(text));
    if (record?.errormessage) return record.errormessage;
  } catch {
    // Not a body we can read: fall back to the status.
  }
  return `the service answered ${status}`;
}
