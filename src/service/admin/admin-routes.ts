// What the admin routes share: what they are given, their method, path and operationId from the table,
// JSON content, and the error responses of the document.
import type { AdminHealth } from "../../interface/admin.ts";
import { ErrorRecordSchema } from "../../interface/resources.ts";
import type { FairUsageWindow } from "../access/fair-usage.ts";
import type { RunningAccess } from "../access/start-access.ts";
import type { HeldStream } from "../access/usage-review.ts";
import type { Config } from "../config/settings.ts";

export const json = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const error = (description: string) => json(ErrorRecordSchema, description);

/** 401 and 429 always; the others as named. */
export const adminErrors = (...more: (400 | 404 | 409)[]) => ({
  401: error("No admin key, or a key that is not one"),
  429: error("Over ADMIN_RATE_LIMIT (Retry-After)"),
  ...(more.includes(400) ? { 400: error("A malformed field; the message names it") } : {}),
  ...(more.includes(404) ? { 404: error("No such key or rule") } : {}),
  ...(more.includes(409) ? { 409: error("A change the key's state does not allow") } : {}),
});

export interface AdminDeps {
  config: Config;
  adminKeys: readonly string[];
  window: FairUsageWindow;
  /** The keys, rules, audit and usage (the access room of this process). */
  access: Pick<RunningAccess, "store" | "changes" | "usage">;
  /** Real time, in ms. */
  now: () => number;
  health: () => Promise<AdminHealth>;
  /** The live streams this process holds open now; null where it serves none (their count is not known). */
  openStreams: () => Iterable<HeldStream> | null;
}

/** The admin app's bindings: who is asking (set by adminAuth before the request is handed over). */
export type AdminBindings = { Bindings: { actor: string } };
