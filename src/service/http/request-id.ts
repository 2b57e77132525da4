// The request id: a name for one request shared by its answer (X-Request-Id), its request-log line and
// any fault it caused, so an operator can go from a client's report to the lines about it. A balancer's id
// (HAProxy's unique-id, an ALB's trace id) is kept when it is well-formed, so their logs join up with ours.
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** The context variable holding the request's id, for the lines logged about it. */
export const REQUEST_ID = "requestId";
const WELL_FORMED = /^[A-Za-z0-9._:@=+/-]{8,128}$/;

/** The id a request arrived with when it is well-formed, else a new one. */
export function requestIdOf(sent: string | string[] | undefined): string {
  const id = Array.isArray(sent) ? sent[0] : sent;
  return id !== undefined && WELL_FORMED.test(id) ? id : randomUUID();
}
