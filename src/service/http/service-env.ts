// What a request carries through the app, typed: Hono's `Variables` and node-server's bindings. Every
// middleware and route reads and writes these names and no others, so a misspelt or mistyped one is a
// compile error rather than an undefined at run time.
import type { HttpBindings } from "@hono/node-server";
import type { Lifetime } from "../../interface/endpoints.ts";
import type { StoredKey } from "../access/access-store.ts";
import type { RefusalReason } from "../access/admission.ts";

export interface ServiceVariables {
  /** The request's id (X-Request-Id), for its answer, its log line and any fault it caused. */
  requestId: string;
  /** The request-log name of the client: a key fingerprint, `admin:<fingerprint>` or an address. */
  client: string;
  /** The key in force that the request presented, for its last-used time. */
  key: StoredKey;
  /** Why the request was refused before it reached its route, for the metrics. */
  refusal: RefusalReason | "admin-auth";
  /** Set when the request was decided by this replica alone, Redis being unreachable. */
  limiter: "local";
  /** The RateLimit headers of the request's admission, for its answer (a 304 too). */
  rateLimit: Readonly<Record<string, string>>;
  /** The body respond() wrote, in the configured wire, and how long it lasts: for the cache and validators. */
  answer: { body: string; lifetime: Lifetime; keep: boolean };
  /** The fingerprint of the write key a supply post was made with. */
  writeKey: string;
  /** Who is asking the operator's API: admin:<fingerprint>. */
  actor: string;
}

export type ServiceEnv = { Bindings: HttpBindings; Variables: ServiceVariables };
