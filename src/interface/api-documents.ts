// What both OpenAPI documents (the interface's at /v1/openapi.json, the admin API's at /admin/openapi.json)
// say the same way: where the API is served, under which licence, and how an operation is named.
//
// operationId: the name of the dashboard's function that calls the operation
// (src/app/<feature>/queries/*.ts): a verb and the route module's name, `get` for a read (getCoins in
// routes/coins.ts and queries/coins.ts), the write's own verb otherwise (postSupply, issueKey, revokeKey).
// A second operation of one route module adds what tells it apart (getChartPointsAllExchanges,
// getInterestRateOnDate). A client generated from a document then has the dashboard's method names.

/**
 * Relative: the paths are absolute on whichever host served the document, so one document holds behind any
 * host name, port, proxy or TLS terminator.
 */
export const SAME_ORIGIN_SERVERS = [
  { url: "/", description: "The service that served this document (whatever its host)" },
];

/**
 * The project grants no licence (its package is private); the SPDX form for a licence outside the SPDX list
 * says so, as OpenAPI 3.1 asks for an identifier or a URL.
 */
export const API_LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };
