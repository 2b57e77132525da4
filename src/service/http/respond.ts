// Writing a successful response: the resource in the configured wire format, as JSON, with how long it
// lasts. The writer middleware (writer-middleware.ts) sends it with its validator and lifetime, compressed
// as the client accepts, and keeps it in the response cache until its data changes.
import type { Context, TypedResponse } from "hono";
import type { Lifetime } from "../../interface/endpoints.ts";
import type { WireFormat } from "../../interface/vocabulary.ts";
import type { ServiceEnv } from "./service-env.ts";
import { JSON_TYPE, serialize } from "./wire.ts";

/**
 * The routes declare their responses in the seed wire's shapes; the body is serialised here in whichever
 * wire format the service speaks, so the response is typed as whatever the route declares.
 */
// biome-ignore lint/suspicious/noExplicitAny: the declared shape is the route's; see above.
export type WireResponse = TypedResponse<any, 200, "json">;

/**
 * `lifetime`: "block" when only a new block changes the response, "revalidate" when a supply post or a fixing
 * may change it at any moment (lifetime.ts). `keep` false: not even until then (a live source's newest
 * trades change within the block).
 */
export function respond(
  c: Context<ServiceEnv>,
  wire: WireFormat,
  value: unknown,
  lifetime: Lifetime = "revalidate",
  keep = true,
): WireResponse {
  const body = serialize(value, wire);
  c.set("response", { body, lifetime, keep });
  c.header("Content-Type", JSON_TYPE);
  return c.body(body, 200) as unknown as WireResponse;
}
