// The dashboard's decoder of every response body: JSON or a Python literal (the interface document allows
// one), PascalCase or camelCase, must come out as the interface's resources, validated by their schemas.
import type { z } from "zod";
import type { ErrorRecord } from "../../interface/resources.ts";
import { matchFieldNames } from "./field-names.ts";
import { parsePythonLiteral } from "./python-literal/python-literal.ts";
import { LiteralSyntaxError } from "./python-literal/python-literal-error.ts";
import { DecodeError, describeValue, excerptAround, fieldIgnoringCase, isRecord } from "./wire-value.ts";

/** The body's value: JSON when it is JSON (the fast path), else a Python literal; else a DecodeError. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: try the Python literal syntax the interface document describes.
  }
  try {
    return parsePythonLiteral(text);
  } catch (error) {
    const offset = error instanceof LiteralSyntaxError ? error.offset : 0;
    const why = error instanceof Error ? error.message : String(error);
    throw new DecodeError(
      `the body is neither JSON nor a Python literal: ${why}`,
      excerptAround(text, offset),
      {
        cause: error,
      },
    );
  }
}

/**
 * `value` as the resource `schema` describes (see matchFieldNames); a DecodeError names `what` and the path
 * of the first problem, e.g. `the coins: coins[3].price: expected a number, got "abc"`.
 */
export function decodeResource<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  let matched: unknown;
  try {
    matched = matchFieldNames(schema, value);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    throw new DecodeError(`${what}: ${error.message}`, error.excerpt, { cause: error });
  }
  const result = schema.safeParse(matched);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw new DecodeError(`${what}: ${result.error.message}`, "");
  const got = valueAt(matched, issue.path);
  const path = formatPath(issue.path);
  throw new DecodeError(
    `${what}: ${path === "" ? "" : `${path}: `}${problemOf(issue, got)}`,
    describeValue(got),
  );
}

/** The error record, in any casing of `errorcode`/`errormessage`, or null when `value` is not one. */
export function errorRecordOf(value: unknown): ErrorRecord | null {
  if (!isRecord(value)) return null;
  const code = fieldIgnoringCase(value, "errorcode");
  const message = fieldIgnoringCase(value, "errormessage");
  const errorcode = typeof code === "string" && /^\d{1,4}$/.test(code) ? Number(code) : code;
  if (typeof errorcode !== "number" || !Number.isInteger(errorcode)) return null;
  // The public service always sent both; a message left out or null still leaves a usable status.
  if (message === undefined || message === null) return { errorcode, errormessage: "" };
  return typeof message === "string" ? { errorcode, errormessage: message } : null;
}

const EXPECTED: Record<string, string> = {
  array: "a list",
  boolean: "true or false",
  int: "an integer",
  null: "null",
  number: "a number",
  object: "an object",
  string: "a string",
};

function problemOf(issue: z.core.$ZodIssue, got: unknown): string {
  if (issue.code === "invalid_type") {
    const expected = EXPECTED[issue.expected] ?? issue.expected;
    return got === undefined
      ? `missing, expected ${expected}`
      : `expected ${expected}, got ${describeValue(got)}`;
  }
  if (issue.code === "invalid_union") return `${describeValue(got)} matches none of the forms allowed`;
  return `${issue.message}, got ${describeValue(got)}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== "object" || value === null || typeof key === "symbol") return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** `coins[3].price` */
function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) text += text === "" ? key : `.${key}`;
    else text += `[${typeof key === "string" ? JSON.stringify(key) : String(key)}]`;
  }
  return text;
}
