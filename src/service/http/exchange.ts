// One request on its way in, as every step of the pipeline (pipeline.ts), the routes and the one response
// writer (response-writer.ts) know it.
import { IncomingMessage, type ServerResponse } from "node:http";
import type { StoredKey } from "../access/access-store.ts";
import type { Admission, RefusalReason } from "../access/admission.ts";

/** A parsed request and what the pipeline learnt of it: the API server makes its requests of this class. */
export class ServiceRequest extends IncomingMessage {
  exchange: Exchange | undefined = undefined;
}

export type ServiceResponse = ServerResponse<ServiceRequest>;

/** What is known of a request when its response is decided. */
export interface RequestHead {
  method: string;
  /** The path with its query, as the client sent it. */
  path: string;
  origin: string | undefined;
  requestId: string;
}

/** Who the request was admitted as (access/admission.ts), for the record and the RateLimit headers. */
export interface Admitted {
  client: string;
  key?: StoredKey | null | undefined;
  headers: Readonly<Record<string, string>>;
  fallback?: boolean | undefined;
  reason?: RefusalReason | "admin-auth" | null | undefined;
}

/** One request on its way through the pipeline (pipeline.ts), as every step and the writer know it. */
export interface Exchange {
  head: RequestHead;
  /** performance.now() when the request arrived, for the request log's duration. */
  started: number;
  /** The client's address (TRUST_PROXY applied). */
  client: string;
  /** Who the request was admitted as: null for requests outside /v1 (the dashboard, /docs, /admin). */
  admission: Admission | null;
  /** Set when the parser refused this request's body and that refusal was written as its response. */
  refused: boolean;
}

/** Who an exchange was admitted as, for its record and RateLimit headers. */
export function admittedOf(exchange: Exchange): Admitted {
  return exchange.admission ?? { client: exchange.client, headers: {} };
}
