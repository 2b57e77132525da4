// Endpoints 5 and 6: GET /v1/supply/{symbol} and POST /v1/supply (the one write: a write key is required).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import { MAX_BODY_BYTES } from "../../../interface/errors.ts";
import { MAX_CIRCULATING_SUPPLY, SupplyPostBody } from "../../../interface/parameters.ts";
import type { ServiceContext } from "../../context.ts";
import { MarketView, supplyResource } from "../../market/market-view.ts";
import type { SupplyRecord } from "../../store/store.ts";
import { ApiError, errorResponse, readingBody } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { readSupplyPost, SUPPLY_BODY_TYPES } from "../supply-body.ts";
import { cachedContent, errorResponses, jsonContent, readResponses, requireSymbol } from "./shared.ts";

const getRoute = createRoute({
  ...routeOf(ENDPOINTS.supply),
  summary: "Circulating supply for a symbol",
  description: "The latest circulating supply stored for the symbol.",
  request: { params: ENDPOINTS.supply.params },
  responses: {
    200: cachedContent(ENDPOINTS.supply.resource, "The latest supply record"),
    ...readResponses(400, 404),
  },
});

const SUPPLY_POST_REF = { $ref: "#/components/schemas/SupplyPost" };

const postRoute = createRoute({
  ...routeOf(ENDPOINTS.supplyPost),
  summary: "Post the circulating supply of a coin",
  description:
    "Symbol and CirculatingSupply as query parameters (as the interface says), as a form body " +
    "(application/x-www-form-urlencoded, what an HTML form or `curl -d` sends) or as a JSON body " +
    "(application/json or another +json type); each field once. Another body type is a 415; an empty body " +
    `is no body. The symbol must be known; the supply a decimal number > 0 and ≤ ${MAX_CIRCULATING_SUPPLY} ` +
    "(digits with an optional fraction and exponent; no hex, sign '+', spaces or separators). " +
    "Requires `Authorization: Bearer <write key>`. The record is stored durably before the response.",
  // The write key is required; an X-Api-Key beside it is optional, as on every /v1 request (fair usage).
  security: [{ writeKey: [], apiKey: [] }, { writeKey: [] }],
  request: {
    query: ENDPOINTS.supplyPost.query,
    // The body is read by readSupplyPost, not by zod-openapi's validator (which meets other media types
    // with an exception of its own): the schema is referenced here for the document only.
    body: {
      required: false,
      content: Object.fromEntries(SUPPLY_BODY_TYPES.map((type) => [type, { schema: SUPPLY_POST_REF }])),
    },
  },
  responses: {
    200: jsonContent(ENDPOINTS.supplyPost.resource, "The stored supply record"),
    ...errorResponses(400, 401, 413, 415),
  },
});

/** Rejects a POST without a valid write key before anything else is looked at. */
function requireWriteKey(ctx: ServiceContext): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new ApiError(401, "posting supply needs a write key: send 'Authorization: Bearer <write key>'", {
        "WWW-Authenticate": 'Bearer realm="supply"',
      });
    }
    const writer = ctx.access.writer(match[1]);
    if (!writer) {
      throw new ApiError(401, "the write key is not valid (or was revoked by the operator)", {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      });
    }
    c.set("writeKey", writer.fingerprint);
    await next();
  };
}

/**
 * The body's size limit, after the write key: only a writer's body is read, so only a writer is told
 * "100 Continue". A declared Content-Length over the limit is refused on the head alone (Hono's bodyLimit
 * would start reading the body).
 */
function limitBody(): MiddlewareHandler {
  const tooLarge = () => new ApiError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`);
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, tooLarge()) });
  return async (c, next) => {
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && c.req.header("Transfer-Encoding") === undefined) {
      if (Number(declared) > MAX_BODY_BYTES) throw tooLarge();
    }
    // The limit reads a body without Content-Length itself; a body that breaks off is the client's fault.
    return readingBody(() => limit(c, next));
  };
}

export function registerSupply(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  // A copy: the registry names a schema through the method @hono/zod-openapi gives the schemas made after it
  // was loaded, and the interface's may have been made before (by whatever imported the endpoint table first).
  app.openAPIRegistry.register("SupplyPost", SupplyPostBody.clone());
  app.openapi(getRoute, async (c) => {
    const { symbol } = c.req.valid("param");
    requireSymbol(ctx, symbol);
    const supply = await ctx.view.supply(symbol);
    if (!supply) throw new ApiError(404, `no circulating supply is known for ${symbol}`);
    return respond(c, ctx.config.wire, supply, ENDPOINTS.supply.lifetime);
  });

  app.openapi({ ...postRoute, middleware: [requireWriteKey(ctx), limitBody()] }, async (c) => {
    const post = await readSupplyPost(c);
    requireSymbol(ctx, post.symbol);
    const nowMs = ctx.marketClock.now();
    const record: SupplyRecord = {
      symbol: post.symbol,
      circulatingSupply: post.supply,
      source: post.source,
      timeMs: nowMs,
      block: MarketView.blockNumber(nowMs),
      keyFingerprint: c.get("writeKey"),
    };
    // Acknowledged only once the store has committed it (on PostgreSQL: the commit has returned).
    await ctx.store.insertSupply(record);
    await ctx.invalidate({ kind: "supply", symbol: post.symbol });
    return respond(c, ctx.config.wire, supplyResource(record), ENDPOINTS.supplyPost.lifetime);
  });
}
