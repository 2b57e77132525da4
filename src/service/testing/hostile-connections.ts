// Hostile requests on one connection, the ways clients and proxies reuse connections: alone, several one
// after another on a kept-alive connection (some holding their body back for 100 Continue), or several
// pipelined in one write. The requests themselves are hostile-requests.ts's.
import fc from "fast-check";
import type { ConnectionPattern } from "./connection-exchange.ts";
import type { HostileRequest } from "./hostile-request-bytes.ts";
import { hostileRequest, weighted } from "./hostile-requests.ts";

/** Several hostile requests on one connection, the ways clients and proxies reuse connections. */
export interface HostileConnection {
  pattern: ConnectionPattern;
  requests: HostileRequest[];
  /**
   * Per request (one after another only): the client sends the head alone and holds the body back until
   * "100 Continue" or the final answer comes, as clients that send Expect do.
   */
  holdBody: boolean[];
}

/**
 * A request as one of several on a connection: mostly without `Connection: close` (which would end the
 * connection), often with `Expect: 100-continue`; cut short or half-closed only as the last.
 */
function onConnection(
  request: HostileRequest,
  last: boolean,
  keepClose: boolean,
  expect: "as-generated" | "100-continue",
): HostileRequest {
  let headers = request.headers.filter(([name]) => keepClose || name.toLowerCase() !== "connection");
  if (expect === "100-continue") {
    headers = [...headers.filter(([name]) => name.toLowerCase() !== "expect"), ["Expect", "100-continue"]];
  }
  const mangle =
    !last && (request.mangle === "cut-short" || request.mangle === "half-closed") ? "none" : request.mangle;
  return { ...request, headers, mangle };
}

const severalRequests = (pattern: ConnectionPattern): fc.Arbitrary<HostileConnection> =>
  fc
    .array(
      fc.tuple(
        hostileRequest,
        weighted([1, fc.constant(true)], [4, fc.constant(false)]),
        weighted<"as-generated" | "100-continue">(
          [2, fc.constant("as-generated")],
          [1, fc.constant("100-continue")],
        ),
        fc.boolean(),
      ),
      { minLength: 2, maxLength: 6 },
    )
    .map((items) => ({
      pattern,
      requests: items.map(([request, keepClose, expect], i) =>
        onConnection(request, i === items.length - 1, keepClose, expect),
      ),
      holdBody: items.map(([, , , hold]) => pattern === "one-after-another" && hold),
    }));

export const hostileConnection: fc.Arbitrary<HostileConnection> = weighted(
  [3, hostileRequest.map((request) => ({ pattern: "one" as const, requests: [request], holdBody: [false] }))],
  [1, severalRequests("one-after-another")],
  [1, severalRequests("pipelined")],
);
