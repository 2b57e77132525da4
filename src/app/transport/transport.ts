// The one way the dashboard talks to the service, so every request goes through the shared budget: a 429
// pauses the budget until Retry-After, other 4xx are never retried, network failures are retried inside it.

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
import { parseRateLimitPolicy, parseRateLimitRemaining, parseRetryAfter } from "./rate-limit-headers.ts";
import { type ProgressListener, readBody } from "./read-body.ts";
import type { ServiceHealth } from "./service-health.ts";

/** A request the service refused (status ≥ 400 other than 429), or a response that could not be read. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the response could not be decoded. */
    readonly status: number,
    /** What the refusal's Retry-After asked for, when it named a wait. */
    readonly details: { retryAfterMs?: number | null } = {},
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
  /** Told of every response and every request that got none, for the page to say the service is away. */
  health?: ServiceHealth;
  /** Told of every response's X-Market-Source, for the header to say where the numbers come from. */
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
  /** Told of the response's bytes as they arrive; a retried request starts again at 0. */
  onProgress?: ProgressListener;
}

export interface ParsedRequestOptions<T> extends CommonRequestOptions {
  /** Turns the parsed body into the resource; throws (e.g. DecodeError) when it cannot. */
  decode: (value: unknown) => T;
  /** A conditional GET (If-None-Match): a 304 returns the cached value, or asks again if it is gone by then. */
  revalidate?: { etag: string; cached: () => T | undefined };
  /** Told the ETag of a 200 response once it is decoded, or null when it carried none. */
  onValidator?: (etag: string | null) => void;
}

export interface RawRequestOptions<T> extends CommonRequestOptions {
  /** Turns a 2xx response's body (the caller's to keep or transfer, e.g. to a Web Worker) into the resource. */
  decodeBody: (body: ArrayBuffer, signal: AbortSignal) => T | Promise<T>;
}

export type RequestOptions<T> = ParsedRequestOptions<T> | RawRequestOptions<T>;

/** "uncached": a 304 to a conditional request whose cached value is gone; it goes again, unconditional. */
type Outcome<T> = { kind: "response"; value: T } | { kind: "paused" } | { kind: "uncached" };

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
      if (outcome.kind === "response") return outcome.value;
      // Paused by a 429, this request goes again after Retry-After; an uncached 304 goes again as a plain GET.
      if (outcome.kind === "uncached") {
        const { revalidate: _, ...unconditional } = current as ParsedRequestOptions<T>;
        current = unconditional;
      }
    }
  }

  /**
   * A GET outside the budget for our service's free endpoints (GET /status): only /v1 counts against a
   * client, so spending a slot on it would crowd out the requests that do count. Never for /v1.
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
    if (!response.ok) throw new ApiRequestError(refusalMessage(response.status, text), response.status);
    try {
      return decode(parseBody(text));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ApiRequestError(`the service's answer to ${path} could not be read: ${why}`, 0);
    }
  }

  /**
   * Opens a stream: one request under the budget, as any other, whose task ends when the response's head
   * has come (the body is the caller's to read for as long as it lasts). A 429 from the limiter pauses the
   * budget as any 429 does; a 429 that leaves the limit's requests remaining (the service's cap on open
   * streams) refuses this stream alone. Refusals throw ApiRequestError with the service's words.
   */
  async openStream(
    path: string,
    options: ScheduleOptions & { headers?: Record<string, string> },
  ): Promise<Response> {
    const { budget } = this.options;
    return budget.schedule(async (signal) => {
      const headers: Record<string, string> = { Accept: "text/event-stream", ...options.headers };
      if (this.options.apiKey) headers["X-Api-Key"] = this.options.apiKey;
      let response: Response;
      try {
        response = await this.fetch(`${this.options.baseUrl}${path}`, { headers, signal });
      } catch (error) {
        if (error instanceof TypeError && !signal.aborted) this.options.health?.failed(this.now());
        throw error;
      }
      this.options.health?.responded();
      this.options.marketSource?.heard(response.headers.get(MARKET_SOURCE_HEADER));
      const policy = parseRateLimitPolicy(response.headers.get("RateLimit-Policy"));
      if (policy) budget.adopt(policy);
      if (response.ok) return response;
      const text = await response.text();
      if (response.status === 429 && limitSpent(response.headers.get("RateLimit"))) {
        const wait = parseRetryAfter(response.headers.get("Retry-After"), this.now()) ?? DEFAULT_PAUSE_MS;
        budget.pauseUntil(this.now() + wait);
      }
      throw new ApiRequestError(refusalMessage(response.status, text), response.status, {
        retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), this.now()),
      });
    }, options);
  }

  /**
   * A request to an endpoint with a limit of its own, outside the budget: changing an open stream's
   * subjects (PUT /v1/stream/{stream}/subjects), which the service does not count as one of the client's
   * requests, so navigating while live spends none of them.
   */
  async requestOwnLimit<T>(
    path: string,
    { method, body, decode }: { method: "PUT"; body: string; decode: (value: unknown) => T },
  ): Promise<T> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Content-Type": "application/json",
    };
    if (this.options.apiKey) headers["X-Api-Key"] = this.options.apiKey;
    const response = await this.fetch(`${this.options.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    if (!response.ok) {
      throw new ApiRequestError(refusalMessage(response.status, text), response.status, {
        retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), this.now()),
      });
    }
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
    this.options.health?.responded();
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
      const cached = revalidate.cached();
      return cached === undefined ? { kind: "uncached" } : { kind: "response", value: cached };
    }
    if (!response.ok) {
      throw new ApiRequestError(refusalMessage(response.status, await response.text()), response.status);
    }
    // Cut off on the way: fetch's TypeError, retried as a network failure; cancelled: the caller's reason.
    const body =
      "decodeBody" in options || options.onProgress
        ? await readBody(response, signal, options.onProgress)
        : await response.text();
    try {
      if ("decodeBody" in options) {
        const bytes = typeof body === "string" ? new TextEncoder().encode(body).buffer : body;
        return { kind: "response", value: await options.decodeBody(bytes, signal) };
      }
      const text = typeof body === "string" ? body : new TextDecoder().decode(body);
      const value = options.decode(parseBody(text));
      options.onValidator?.(response.headers.get("ETag"));
      return { kind: "response", value };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const why = error instanceof DecodeError || error instanceof Error ? error.message : String(error);
      throw new ApiRequestError(`the service's answer to ${path} could not be read: ${why}`, 0);
    }
  }
}

/**
 * Whether a 429's RateLimit header says the limit's requests are spent (remaining 0), or says nothing: a
 * 429 with requests remaining is a refusal of its own (the cap on open streams), not the limiter's.
 */
function limitSpent(header: string | null): boolean {
  const remaining = parseRateLimitRemaining(header);
  return remaining === null || remaining === 0;
}

/** The service's own words for a refusal when it sent the error record, else the status. */
export function refusalMessage(status: number, text: string): string {
  try {
    const record = errorRecordOf(parseBody(text));
    if (record?.errormessage) return record.errormessage;
  } catch {
    // Not a body we can read: fall back to the status.
  }
  return `the service answered ${status}`;
}
