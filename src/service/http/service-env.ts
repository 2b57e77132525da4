// What a request carries through the app, typed: Hono's `Variables` and node-server's bindings. Every
// middleware and route reads and writes these names and no others, so a misspelt or mistyped one is a
// compile error rather than an undefined at run time.
import type { HttpBindings } from "@hono/node-server";
import type { Lifetime } from "../../interface/endpoints.ts";
import type { RefusalReason } from "../access/admission.ts";
import type { ServiceRequest } from "./exchange.ts";

export interface ServiceVariables {
  /** The operator's API's name of the client it admitted (admin-auth.ts): `admin:<fingerprint>` or an address. */
  client: string;
  /** Why the operator's API refused the request, for the metrics. */
  refusal: RefusalReason | "admin-auth";
  /** The body respond() wrote, in the configured wire, and how long it lasts: for the cache and validators. */
  response: { body: string; lifetime: Lifetime; keep: boolean };
  /** The fingerprint of the write key a supply post was made with. */
  writeKey: string;
  /** Who is asking the operator's API: admin:<fingerprint>. */
  actor: string;
}

/** node-server's bindings, with the request as the pipeline made it (pipeline.ts). */
type ServiceBindings = HttpBindings & { incoming: ServiceRequest };

export type ServiceEnv = { Bindings: ServiceBindings; Variables: ServiceVariables };
