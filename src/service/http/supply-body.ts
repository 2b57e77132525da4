// Reading a supply post: Symbol, CirculatingSupply and Source from the query (as the interface says), a form
// body (what an HTML form or `curl -d` sends) or a JSON body, in either casing of the names. A field's text
// is read by the same rules wherever it came from.
import type { Context } from "hono";
import { DECIMAL_NUMBER, DECIMAL_NUMBER_RULE, MAX_CIRCULATING_SUPPLY } from "../../interface/parameters.ts";
import { ApiError, readingBody } from "./errors.ts";

/** The body media types POST /v1/supply reads; the OpenAPI document lists the same. */
export const SUPPLY_BODY_TYPES = ["application/json", "application/x-www-form-urlencoded"] as const;

const READ_TYPES = "application/json (or another +json type) or application/x-www-form-urlencoded";

type BodyKind = "json" | "form";

/** What a Content-Type announces: a JSON body, a form body, or one the service does not read (null). */
export function bodyKind(contentType: string): BodyKind | null {
  const essence = (contentType.split(";", 1)[0] ?? "").trim().toLowerCase();
  if (essence === "application/json" || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence))
    return "json";
  if (essence === "application/x-www-form-urlencoded") return "form";
  return null;
}

interface Field {
  name: string;
  value: unknown;
  where: string;
}

/** The fields of the body. An empty body is no body, whatever its Content-Type says. */
async function bodyFields(c: Context): Promise<Field[]> {
  const text = await readingBody(() => c.req.text());
  if (text === "") return [];
  const type = c.req.header("Content-Type");
  const kind = type === undefined ? null : bodyKind(type);
  if (kind === null) {
    const what = type === undefined ? "a body without a Content-Type" : `a body of type '${type}'`;
    throw new ApiError(415, `POST /v1/supply does not read ${what}; send ${READ_TYPES}`);
  }
  if (kind === "form") {
    return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value, where: "form field" }));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError(400, "the body must be a JSON object with Symbol and CirculatingSupply");
  }
  return Object.entries(body).map(([name, value]) => ({ name, value, where: "body field" }));
}

function queryFields(c: Context): Field[] {
  const fields: Field[] = [];
  for (const [name, values] of Object.entries(c.req.queries())) {
    for (const value of values) fields.push({ name, value, where: "query parameter" });
  }
  return fields;
}

/** Symbol, supply and source from the query and the body, each given at most once. */
async function readFields(c: Context): Promise<Map<string, Field>> {
  const fields = new Map<string, Field>();
  for (const field of [...queryFields(c), ...(await bodyFields(c))]) {
    const key = field.name.toLowerCase();
    if (key !== "symbol" && key !== "circulatingsupply" && key !== "source") continue;
    const earlier = fields.get(key);
    if (earlier) {
      const places =
        earlier.where === field.where
          ? `twice as a ${field.where}`
          : `as a ${earlier.where} and as a ${field.where}`;
      throw new ApiError(400, `'${field.name}' is given ${places}; give it once`);
    }
    fields.set(key, field);
  }
  return fields;
}

function validSymbol(field: Field | undefined): string {
  if (field === undefined || field.value === "") {
    throw new ApiError(400, "'Symbol' is missing: give the coin symbol, e.g. Symbol=BTC");
  }
  if (typeof field.value !== "string") {
    throw new ApiError(400, `${field.where} 'Symbol' must be a string; got ${JSON.stringify(field.value)}`);
  }
  return field.value;
}

function validSupply(field: Field | undefined): number {
  const raw = field?.value;
  if (field === undefined || raw === null || raw === "") {
    throw new ApiError(400, "'CirculatingSupply' is missing: give the number of coins in circulation");
  }
  let value: number;
  if (typeof raw === "number") value = raw;
  else if (typeof raw === "string" && DECIMAL_NUMBER.test(raw)) value = Number(raw);
  else {
    throw new ApiError(
      400,
      `${field.where} 'CirculatingSupply' must be ${DECIMAL_NUMBER_RULE}; got ${JSON.stringify(raw)}`,
    );
  }
  if (!(value > 0 && value <= MAX_CIRCULATING_SUPPLY)) {
    throw new ApiError(
      400,
      `${field.where} 'CirculatingSupply' must be > 0 and ≤ ${MAX_CIRCULATING_SUPPLY}; got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

function validSource(field: Field | undefined): string {
  const raw = field?.value;
  if (raw === undefined || raw === null || raw === "") return "api";
  if (typeof raw !== "string" || !/^[\w .:/@-]{1,64}$/.test(raw)) {
    throw new ApiError(400, "'Source' must be 1–64 letters, digits, spaces or . _ : / @ -");
  }
  return raw;
}

export interface SupplyPost {
  symbol: string;
  supply: number;
  source: string;
}

/** The post's fields, checked; the symbol is not yet looked up. */
export async function readSupplyPost(c: Context): Promise<SupplyPost> {
  const fields = await readFields(c);
  return {
    symbol: validSymbol(fields.get("symbol")),
    supply: validSupply(fields.get("circulatingsupply")),
    source: validSource(fields.get("source")),
  };
}
