// The live stream: GET /v1/stream opens one (Server-Sent Events; one request under the fair-usage limit),
// PUT /v1/stream/{stream}/subjects changes what an open one follows (a limit of its own, so navigating
// costs none of the client's requests), on whichever replica a balancer sends it to: a stream is held by the
// process it was opened on, which another reaches through Redis (live/subjects-relay.ts). Bad input gets the
// error record before any stream starts.

import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { routeOf } from "../../../interface/endpoints.ts";
import { LIVE_ENDPOINTS } from "../../../interface/extension-endpoints.ts";
import {
  LiveEventSchemas,
  type LiveSubjects,
  LiveSubjectsSchema,
  subjectsOfQuery,
} from "../../../interface/live-events.ts";
import type { ServiceContext } from "../../context.ts";
import { SUBJECT_CHANGES_PER_MINUTE } from "../../live/stream-hub.ts";
import { ApiError } from "../errors.ts";
import { admittedOf } from "../exchange.ts";
import type { ResponseWriter } from "../response-writer.ts";
import type { ServiceEnv } from "../service-env.ts";
import { EXTENSION, errorResponses, jsonContent, requireExchangeOf, requireSymbol } from "./shared.ts";

/** Streams one client (an issued key, else an address) may hold open at once. */
export const MAX_STREAMS_PER_CLIENT = 3;
/** How long a stream lasts before the service ends it; the client reconnects (a request, as any other). */
export const MAX_STREAM_MS = 3_600_000;

const eventsDescription = Object.keys(LiveEventSchemas)
  .map((name) => `\`${name}\``)
  .join(", ");

const openRoute = createRoute({
  ...routeOf(LIVE_ENDPOINTS.stream),
  ...EXTENSION,
  summary: "Follow prices, trades and forming candles as the market trades",
  description:
    "Server-Sent Events (read with `curl -N`, EventSource or fetch). Events: " +
    `${eventsDescription}; each event's JSON schema is in this document's components (LiveEvent*). ` +
    "Every event has an `id`: reconnect with `Last-Event-ID` to be given what was missed (trades and block " +
    "closes of the last 15 minutes, the newest price and forming candle), or a `reload` event. Opening " +
    `counts as one request under the fair-usage limit; at most ${MAX_STREAMS_PER_CLIENT} streams per client ` +
    `at once (429 beyond); a stream ends after ${MAX_STREAM_MS / 60_000} minutes; a comment line after 15 s with nothing sent ` +
    "keeps proxies from closing it. Change what it follows with PUT /v1/stream/{stream}/subjects.",
  request: { query: LIVE_ENDPOINTS.stream.query },
  responses: {
    200: {
      description: "The stream: `event:` lines name each event, `data:` lines hold its JSON",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses(400, 404),
  },
});

const subjectsRoute = createRoute({
  ...routeOf(LIVE_ENDPOINTS.streamSubjects),
  ...EXTENSION,
  summary: "Change what an open stream follows",
  description:
    "Replaces the subjects of the stream named in its `open` event; the newest price and forming candle of " +
    "each new subject follow on the stream at once. Only the key or address that opened it may; " +
    `${SUBJECT_CHANGES_PER_MINUTE} changes a minute per stream (429 beyond), not counted under the fair-usage ` +
    "limit. Any replica behind a balancer takes it: the one holding the stream makes it (503 with " +
    "Retry-After if it does not answer within a second).",
  request: {
    params: LIVE_ENDPOINTS.streamSubjects.params,
    body: { content: { "application/json": { schema: LiveSubjectsSchema } }, required: true },
  },
  responses: {
    200: jsonContent(LiveSubjectsSchema, "What the stream follows now"),
    ...errorResponses(400, 404),
  },
});

/** The subjects of a request, each symbol and exchange known to the market; else the error record's. */
function checkedSubjects(ctx: ServiceContext, subjects: LiveSubjects): LiveSubjects {
  if (subjects.prices !== "all") for (const symbol of subjects.prices) requireSymbol(ctx, symbol);
  for (const { symbol, exchange } of [...subjects.trades, ...subjects.candles]) {
    requireSymbol(ctx, symbol);
    if (exchange !== null) requireExchangeOf(ctx, symbol, exchange);
  }
  return subjects;
}

function parsedSubjects(value: unknown): LiveSubjects {
  const parsed = LiveSubjectsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError(
    400,
    `subjects: ${issue?.path.join(".") || "the body"} ${issue?.message ?? "is not valid"}`,
  );
}

export function registerStream(
  app: OpenAPIHono<ServiceEnv>,
  ctx: ServiceContext,
  writer: ResponseWriter,
): void {
  app.openapi(openRoute, async (c) => {
    const hub = ctx.live;
    if (hub === null) throw new ApiError(404, "this process serves no live stream (ROLE=ingest serves none)");
    const read = subjectsOfQuery(c.req.valid("query"));
    if ("problem" in read) throw new ApiError(400, read.problem);
    const subjects = checkedSubjects(ctx, parsedSubjects(read.subjects));
    const exchange = c.env.incoming.exchange;
    if (exchange === undefined) throw new ApiError(500, "a stream opened outside the pipeline");
    const admitted = admittedOf(exchange);
    if (hub.countOf(admitted.client) >= MAX_STREAMS_PER_CLIENT) {
      throw new ApiError(
        429,
        `at most ${MAX_STREAMS_PER_CLIENT} streams at once per client (everyone behind one address shares them; an issued X-Api-Key has its own); close one or reuse it with PUT /v1/stream/{stream}/subjects`,
        { "Retry-After": "60" },
      );
    }
    const headers = { ...writer.headers(exchange.head), ...admitted.headers };
    const credentials = { apiKey: c.req.header("X-Api-Key"), address: exchange.client };
    const lastEventId = c.req.header("Last-Event-ID") ?? null;
    const stream = hub.open(c.env.outgoing, admitted.client, credentials, subjects, lastEventId, headers);
    stream.whenEnded((record) =>
      writer.record(exchange.head, 200, record.bytes, admitted, exchange.started, record.events),
    );
    return RESPONSE_ALREADY_SENT;
  });

  app.openapi(subjectsRoute, async (c) => {
    const hub = ctx.live;
    const { stream } = c.req.valid("param");
    const exchange = c.env.incoming.exchange;
    const absent = () =>
      new ApiError(404, `no open stream '${stream}' of yours: open one with GET /v1/stream`);
    if (!hub || exchange === undefined) throw absent();
    // Checked here, before the change may go to another replica.
    const subjects = checkedSubjects(ctx, c.req.valid("json"));
    const change = await hub.changeSubjects({ stream, client: admittedOf(exchange).client, subjects });
    switch (change.outcome) {
      case "followed":
        return c.json(change.subjects, 200);
      case "absent":
        throw absent();
      case "limited":
        throw new ApiError(
          429,
          `at most ${SUBJECT_CHANGES_PER_MINUTE} changes of a stream's subjects a minute; try again in ${change.retryAfterS} s`,
          { "Retry-After": String(change.retryAfterS) },
        );
      case "unanswered":
        throw new ApiError(
          503,
          `stream '${stream}' may be held by a replica that did not answer within a second; try again`,
          { "Retry-After": "1" },
        );
    }
  });
}
