// The console's client of the admin API (/admin/*). Outside the request budget on purpose: the service
// limits an admin key on its own, so the console neither waits for the pages' /v1 slots nor spends them.
import type { z } from "zod";
import { decodeResource, parseBody } from "../decoding/decode.ts";
import { parseRetryAfter } from "../transport/rate-limit-headers.ts";
import { refusalMessage } from "../transport/transport.ts";

/** Why an admin request failed: refused, the service could not be reached, or its response was unreadable. */
export type AdminFailureKind = "refused" | "unreachable" | "unreadable";

export class AdminRequestError extends Error {
  constructor(
    message: string,
    readonly kind: AdminFailureKind,
    /** The HTTP status of a refusal; 0 when there was no response or it could not be read. */
    readonly status: number,
    /** For a 429: how long the service asked to wait, ms (null when it did not say). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "AdminRequestError";
  }
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export class AdminClient {
  constructor(
    /** The service's address as the other pages use it; "" for the page's own origin. */
    readonly baseUrl: string,
    private readonly adminKey: string,
    private readonly fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  /** GET `path`, decoded by `schema`; `what` names the response in a decoding error. */
  get<S extends z.ZodType>(path: string, schema: S, what: string, signal?: AbortSignal): Promise<z.infer<S>> {
    return this.send("GET", path, { schema, what, ...(signal ? { signal } : {}) });
  }

  /** A change: `body` sent as JSON; the response decoded by `schema`, or nothing expected (204) without one. */
  send<S extends z.ZodType>(
    method: Method,
    path: string,
    options: { body?: unknown; schema: S; what: string; signal?: AbortSignal },
  ): Promise<z.infer<S>>;
  send(method: Method, path: string, options: { body?: unknown; signal?: AbortSignal }): Promise<void>;
  async send(
    method: Method,
    path: string,
    options: { body?: unknown; schema?: z.ZodType; what?: string; signal?: AbortSignal },
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: `Bearer ${this.adminKey}`,
    };
    const init: RequestInit = { method, headers, cache: "no-store" };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;
    let response: Response;
    try {
      response = await this.fetchFn(`${this.baseUrl}${path}`, init);
    } catch {
      if (options.signal?.aborted) throw options.signal.reason;
      const where = this.baseUrl === "" ? "this site" : this.baseUrl;
      throw new AdminRequestError(`the service at ${where} could not be reached`, "unreachable", 0);
    }
    const text = await response.text();
    if (!response.ok) throw refusal(response, text);
    if (!options.schema) return undefined;
    try {
      return decodeResource(options.schema, parseBody(text), options.what ?? path);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new AdminRequestError(
        `the service's answer to ${path} could not be read: ${why}`,
        "unreadable",
        0,
      );
    }
  }
}

function refusal(response: Response, text: string): AdminRequestError {
  const status = response.status;
  const retryAfterMs =
    status === 429 ? parseRetryAfter(response.headers.get("Retry-After"), Date.now()) : null;
  return new AdminRequestError(refusalMessage(status, text), "refused", status, retryAfterMs);
}
