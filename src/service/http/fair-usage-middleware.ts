// The fair-usage limit in the app: the admission (access/admission.ts) of every /v1 request, its RateLimit
// headers kept for the answer, its refusal thrown as the error record.
import type { MiddlewareHandler } from "hono";
import type { AccessBook } from "../access/access-book.ts";
import { admit } from "../access/admission.ts";
import { clientAddress } from "../access/client-address.ts";
import type { FairUsageWindow } from "../access/fair-usage.ts";
import { ApiError } from "./errors.ts";
import type { ServiceEnv } from "./service-env.ts";

export function fairUsage(
  trustProxy: readonly string[],
  book: AccessBook,
  window: FairUsageWindow,
): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const admitted = admit(
      book,
      window,
      c.req.header("X-Api-Key"),
      clientAddress(trustProxy, c.env.incoming),
    );
    const admission = admitted instanceof Promise ? await admitted : admitted;
    c.set("client", admission.client);
    if (admission.key) c.set("key", admission.key);
    if (admission.reason) c.set("refusal", admission.reason);
    if (admission.fallback) c.set("limiter", "local");
    c.set("rateLimit", admission.headers);
    for (const [name, value] of Object.entries(admission.headers)) c.header(name, value);
    const { refusal } = admission;
    if (refusal) throw new ApiError(refusal.status, refusal.message, refusal.headers);
    await next();
  };
}
