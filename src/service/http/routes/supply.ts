// Endpoints 5 and 6: GET /v1/supply/{symbol} and POST /v1/supply (the one write: a write key is required).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import {
  MAX_CIRCULATING_SUPPLY,
  SupplyPostBody,
  SupplyPostQuery,
  SymbolPathParams,
} from "../../../interface/parameters.ts";
import { SupplySchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { MarketView, supplyResource } from "../../market/market-view.ts";
import type { SupplyRecord } from "../../store/store.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import { matchWriteKey } from "../write-keys.ts";
import { errorResponses, jsonContent, requireSymbol } from "./shared.ts";

const getRoute = createRoute({
  method: "get",
  path: "/v1/supply/{symbol}",
  summary: "Circulating supply for a symbol",
  description: "The latest circulating supply stored for the symbol.",
  request: { params: SymbolPathParams },
  responses: { 200: jsonContent(SupplySchema, "The latest supply record"), ...errorResponses(400, 404) },
});

const postRoute = createRoute({
  method: "post",
  path: "/v1/supply",
  summary: "Post the circulating supply of a coin",
  description:
    "Symbol and CirculatingSupply as query parameters (as the interface says) or as a JSON body. " +
    `The symbol must be known; the supply a finite number > 0 and ≤ ${MAX_CIRCULATING_SUPPLY}. ` +
    "Requires `Authorization: Bearer <write key>`. The record is stored durably before the answer.",
  security: [{ writeKey: [] }],
  request: {
    query: SupplyPostQuery,
    body: { required: false, content: { "application/json": { schema: SupplyPostBody } } },
  },
  responses: { 200: jsonContent(SupplySchema, "The stored supply record"), ...errorResponses(400, 401, 413) },
});

/** Rejects a POST without a valid write key before anything else is looked at. */
function requireWriteKey(ctx: ServiceContext): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new ApiError(401, "posting supply needs a write key: send 'Authorization: Bearer <write key>'", {
        "WWW-Authenticate": 'Bearer realm="supply"',
      });
    }
    const fingerprint = matchWriteKey(match[1], ctx.writeKeys);
    if (!fingerprint) {
      throw new ApiError(401, "the write key is not valid", {
        "WWW-Authenticate": 'Bearer error="invalid_token"',
      });
    }
    c.set("writeKey" as never, fingerprint as never);
    await next();
  };
}

/** Symbol and supply from the query or the JSON body (either casing of the field names). */
async function readSupplyPost(c: Context): Promise<{ symbol: unknown; supply: unknown; source: unknown }> {
  const fields = new Map<string, unknown>();
  if ((c.req.header("Content-Type") ?? "").includes("application/json")) {
    const body = (await c.req.json().catch(() => null)) as unknown;
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(400, "the body must be a JSON object with Symbol and CirculatingSupply");
    }
    for (const [k, v] of Object.entries(body)) fields.set(k.toLowerCase(), v);
  }
  for (const [k, v] of Object.entries(c.req.query())) {
    const key = k.toLowerCase();
    if (fields.has(key) && String(fields.get(key)) !== v) {
      throw new ApiError(
        400,
        `'${k}' is given both as a query parameter and in the body, with different values`,
      );
    }
    fields.set(key, v);
  }
  return {
    symbol: fields.get("symbol"),
    supply: fields.get("circulatingsupply"),
    source: fields.get("source"),
  };
}

function validSupply(raw: unknown): number {
  if (raw === undefined || raw === null || raw === "") {
    throw new ApiError(400, "'CirculatingSupply' is missing: give the number of coins in circulation");
  }
  const value =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new ApiError(400, `'CirculatingSupply' must be a finite number; got ${JSON.stringify(raw)}`);
  }
  if (value <= 0 || value > MAX_CIRCULATING_SUPPLY) {
    throw new ApiError(400, `'CirculatingSupply' must be > 0 and ≤ ${MAX_CIRCULATING_SUPPLY}; got ${value}`);
  }
  return value;
}

function validSource(raw: unknown): string {
  if (raw === undefined || raw === null || raw === "") return "api";
  if (typeof raw !== "string" || !/^[\w .:/@-]{1,64}$/.test(raw)) {
    throw new ApiError(400, "'Source' must be 1–64 letters, digits, spaces or . _ : / @ -");
  }
  return raw;
}

export function registerSupply(app: OpenAPIHono, ctx: ServiceContext): void {
  app.openapi(getRoute, (c) => {
    const { symbol } = c.req.valid("param");
    requireSymbol(ctx, symbol);
    const supply = ctx.view.supply(symbol);
    if (!supply) throw new ApiError(404, `no circulating supply is known for ${symbol}`);
    return respond(c, ctx.config.wire, supply);
  });

  app.openapi({ ...postRoute, middleware: [requireWriteKey(ctx)] }, async (c) => {
    const post = await readSupplyPost(c);
    if (typeof post.symbol !== "string" || post.symbol === "") {
      throw new ApiError(400, "'Symbol' is missing: give the coin symbol, e.g. Symbol=BTC");
    }
    requireSymbol(ctx, post.symbol);
    const nowMs = ctx.marketClock.now();
    const record: SupplyRecord = {
      symbol: post.symbol,
      circulatingSupply: validSupply(post.supply),
      source: validSource(post.source),
      timeMs: nowMs,
      block: MarketView.blockNumber(nowMs),
      keyFingerprint: c.get("writeKey" as never) as string,
    };
    ctx.store.insertSupply(record);
    ctx.invalidate();
    return respond(c, ctx.config.wire, supplyResource(record));
  });
}
