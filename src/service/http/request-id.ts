// The request id: a name for one request shared by its response (X-Request-Id), its request-log line and
// any fault it caused, so an operator can go from a client's report to the lines about it. A balancer's id
// (HAProxy's unique-id, an ALB's trace id) is kept when it is well-formed, so their logs join up with ours.
import { randomBytes } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";
const WELL_FORMED = /^[\w.:@=+/-]{8,128}$/;

/**
 * This process's ids: 72 random bits naming the process, then a counter. Unique across replicas and
 * restarts in practice, shorter than a UUID, and no random bytes drawn per request (a UUID per response
 * showed in cached responses' profile).
 */
const PROCESS_PREFIX = `${randomBytes(9).toString("base64url")}-`;
let counter = 0;

/** The id a request arrived with when it is well-formed, else a new one. */
export function requestIdOf(sent: string | string[] | undefined): string {
  const id = Array.isArray(sent) ? sent[0] : sent;
  return id !== undefined && WELL_FORMED.test(id) ? id : PROCESS_PREFIX + (++counter).toString(36);
}
