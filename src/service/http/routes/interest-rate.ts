// Endpoint 4: GET /v1/interestrate/{rateType}[/{date}] (also ?dateInit=&dateFinal=).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES, type RateType } from "../../../interface/vocabulary.ts";
import type { ServiceContext } from "../../context.ts";
import { interestRateResource, isRateType } from "../../rates/rate-cache.ts";
import { parseRateDate } from "../../rates/rate-date.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const RULES =
  "The value of a date is the latest fixing whose effective date is on or before it, at most 30 days before; " +
  "without a date, the latest published fixing. With ?dateInit= (and optionally ?dateFinal=, default today) " +
  "the response is the array of fixings in that range, ascending.";

/** Both forms of the endpoint last alike. */
const LIFETIME = ENDPOINTS.interestRate.lifetime;

const rateResponses = {
  200: cachedContent(ENDPOINTS.interestRate.resource, "One fixing, or an array of fixings for a range"),
  ...readResponses(400, 404),
};

const latestRoute = createRoute({
  ...routeOf(ENDPOINTS.interestRate),
  summary: "Latest value of a rate type, or a range of fixings",
  description: RULES,
  request: { params: ENDPOINTS.interestRate.params, query: ENDPOINTS.interestRate.query },
  responses: rateResponses,
});

const datedRoute = createRoute({
  ...routeOf(ENDPOINTS.interestRateOnDate),
  summary: "Value of a rate type on a date",
  description: RULES,
  request: { params: ENDPOINTS.interestRateOnDate.params, query: ENDPOINTS.interestRateOnDate.query },
  responses: rateResponses,
});

function requireRateType(rateType: string): RateType {
  if (isRateType(rateType)) return rateType;
  const upper = rateType.toUpperCase();
  const hint = isRateType(upper) ? `did you mean ${upper}?` : `known: ${RATE_TYPE_SYMBOLS.join(", ")}`;
  throw new ApiError(404, `unknown rate type '${rateType}' (${hint})`);
}

function date(name: string, where: string, text: string): string {
  const parsed = parseRateDate(text);
  if (!parsed.ok) throw new ApiError(400, `${where} '${name}' ${parsed.reason}; got ${JSON.stringify(text)}`);
  return parsed.date;
}

function fixings(ctx: ServiceContext, c: Context, rateType: string, pathDate: string | undefined) {
  const type = requireRateType(rateType);
  const { dateInit, dateFinal } = c.req.query();
  if (dateInit !== undefined || dateFinal !== undefined) {
    if (pathDate !== undefined) {
      throw new ApiError(400, "give either a date in the path or dateInit/dateFinal, not both");
    }
    if (dateInit === undefined) throw new ApiError(400, "query parameter 'dateFinal' needs 'dateInit'");
    const from = date("dateInit", "query parameter", dateInit);
    const today = new Date(ctx.marketClock.now()).toISOString().slice(0, 10);
    const to = dateFinal === undefined ? today : date("dateFinal", "query parameter", dateFinal);
    if (from > to)
      throw new ApiError(400, `query parameter 'dateInit' (${from}) is after 'dateFinal' (${to})`);
    return respond(c, ctx.config.wire, ctx.rates.range(type, from, to).map(interestRateResource), LIFETIME);
  }
  if (pathDate === undefined) {
    const latest = ctx.rates.latest(type);
    if (!latest) throw new ApiError(404, `no ${type} fixing has been published yet`);
    return respond(c, ctx.config.wire, interestRateResource(latest), LIFETIME);
  }
  const day = date("date", "path parameter", pathDate);
  const fixing = ctx.rates.onOrBefore(type, day);
  if (!fixing) {
    const first = RATE_TYPES[type].firstDate;
    const why =
      day < first ? `${type} starts on ${first}` : `the latest is ${ctx.rates.latest(type)?.effectiveDate}`;
    throw new ApiError(404, `no ${type} fixing within 30 days on or before ${day} (${why})`);
  }
  return respond(c, ctx.config.wire, interestRateResource(fixing), LIFETIME);
}

export function registerInterestRate(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(latestRoute, (c) => fixings(ctx, c, c.req.valid("param").rateType, undefined));
  app.openapi(datedRoute, (c) => {
    const { rateType, date: pathDate } = c.req.valid("param");
    return fixings(ctx, c, rateType, pathDate);
  });
}
