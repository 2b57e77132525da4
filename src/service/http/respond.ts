// Writing a successful answer: the resource in the configured wire format, as JSON.
import type { Context, TypedResponse } from "hono";
import type { WireFormat } from "../../interface/vocabulary.ts";
import { serialize } from "./wire.ts";

export const JSON_TYPE = "application/json; charset=utf-8";

/** The Hono context key under which respond() leaves the body it wrote, for the response cache. */
export const CACHEABLE_BODY = "cacheableBody";

/**
 * The routes declare their responses in the seed wire's shapes; the body is serialised here in whichever
 * wire format the service speaks, so the answer is typed as whatever the route declares.
 */
// biome-ignore lint/suspicious/noExplicitAny: the declared shape is the route's; see above.
export type WireResponse = TypedResponse<any, 200, "json">;

/** `cacheable` false: the answer changes before the next block (a live source's newest trades). */
export function respond(c: Context, wire: WireFormat, value: unknown, cacheable = true): WireResponse {
  const body = serialize(value, wire);
  c.header("Content-Type", JSON_TYPE);
  c.header("Content-Length", String(Buffer.byteLength(body)));
  if (cacheable) c.set(CACHEABLE_BODY as never, body as never);
  return c.body(body, 200) as unknown as WireResponse;
}
