// Every failure responds with the interface's error record {errorcode, errormessage} and a matching status.
import type { Context } from "hono";
import type { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { ERROR_STATUSES, type ErrorStatus } from "../../interface/errors.ts";
import { JSON_TYPE } from "./wire.ts";

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(status: number, message: string): string {
  return JSON.stringify({ errorcode: status, errormessage: message });
}

export function errorResponse(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const body = errorBody(error.status, error.message);
  c.header("Content-Type", JSON_TYPE);
  c.header("Content-Length", String(Buffer.byteLength(body)));
  return c.body(body, error.status);
}

/**
 * The error record for a library's 4xx (an HTTPException): its own status where the table has it, else
 * 400, so that no response carries a status the table does not document.
 */
export function refusalOf(error: HTTPException): ApiError {
  const status = (error.status in ERROR_STATUSES ? error.status : 400) as ErrorStatus;
  return new ApiError(status, error.message || `the request was refused (${error.status})`);
}

/**
 * Runs a read of the request body, turning its failure (the connection broke, the chunked framing is
 * malformed, the request timed out) into a 400: bad input, not a fault of the service.
 */
export async function readingBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(400, `the request body could not be read (${reason})`);
  }
}

const LOCATION: Record<string, string> = {
  param: "path parameter",
  query: "query parameter",
  json: "body field",
  form: "form field",
  header: "header",
};

/** Turns a failed validation into a 400 whose message names the parameter, what is allowed and what came. */
export function describeValidationError(c: Context, target: string, error: ZodError): string {
  const parts = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "");
    const where = LOCATION[target] ?? target;
    const count = target === "query" && name ? (c.req.queries(name)?.length ?? 0) : 0;
    if (count > 1) return `${where} '${name}' is given ${count} times; give it once`;
    const given = receivedValue(c, target, name);
    const got = given === undefined ? "" : `; got ${JSON.stringify(given)}`;
    return name ? `${where} '${name}' ${issue.message}${got}` : `${where}s: ${issue.message}`;
  });
  return parts.join("; ");
}

function receivedValue(c: Context, target: string, name: string): string | undefined {
  if (target === "param") return c.req.param(name);
  if (target === "query") return c.req.query(name);
  return undefined;
}

/** The zod-openapi hook: a failed validation becomes a 400 error record. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError; target: string },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return errorResponse(c, new ApiError(400, describeValidationError(c, result.target, result.error)));
}
