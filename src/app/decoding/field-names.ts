// Brings a value off either wire to the shape of a resource schema before validation, since the public
// service wrote PascalCase (`CirculatingSupply`, `Gfx1`) and this one camelCase.
import { z } from "zod";
import { influxResultsAsCsv } from "./chart-points/decode-points-value.ts";
import { isRecord } from "./wire-value.ts";

type Schema = z.core.$ZodType;

/**
 * The value with every object's fields renamed to the schema's spelling, ignoring case. Beyond names it
 * bends only what the public service's Go encoding made necessary (null for an empty list, InfluxDB
 * `dataPoints`) and plain decimals written as text; validation is left to the schema.
 */
export function matchFieldNames(schema: Schema, value: unknown): unknown {
  if (schema instanceof z.ZodNullable) return value === null ? null : matchFieldNames(schema.unwrap(), value);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodExactOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault
  ) {
    return value === undefined ? undefined : matchFieldNames(schema.unwrap(), value);
  }
  if (
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodLazy
  ) {
    return matchFieldNames(schema.unwrap(), value);
  }
  // A preprocessing pipe sees the raw value first, so its output schema is the shape to aim for.
  if (schema instanceof z.ZodPipe)
    return matchFieldNames(schema.in instanceof z.ZodTransform ? schema.out : schema.in, value);
  if (schema instanceof z.ZodObject) return isRecord(value) ? matchObject(schema, value) : value;
  if (schema instanceof z.ZodArray) {
    if (value === null) return [];
    return Array.isArray(value) ? value.map((item) => matchFieldNames(schema.element, item)) : value;
  }
  if (schema instanceof z.ZodTuple) return Array.isArray(value) ? matchTuple(schema, value) : value;
  if (schema instanceof z.ZodRecord) return isRecord(value) ? matchRecord(schema, value) : value;
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodXor) return matchUnion(schema.options, value);
  if (schema instanceof z.ZodIntersection) {
    const left = matchFieldNames(schema.def.left, value);
    const right = matchFieldNames(schema.def.right, value);
    return isRecord(left) && isRecord(right) ? { ...left, ...right } : left;
  }
  if (schema instanceof z.ZodNumber && typeof value === "string") return plainDecimal(value);
  return value;
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

function plainDecimal(text: string): unknown {
  if (!PLAIN_DECIMAL.test(text)) return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** Each object schema's field names by their lower-case spelling. */
const fieldNamesByLowerCase = new WeakMap<z.ZodObject, Map<string, string>>();

function fieldNamesOf(schema: z.ZodObject): Map<string, string> {
  let names = fieldNamesByLowerCase.get(schema);
  if (names === undefined) {
    names = new Map(Object.keys(schema.shape).map((name) => [name.toLowerCase(), name]));
    fieldNamesByLowerCase.set(schema, names);
  }
  return names;
}

function matchObject(schema: z.ZodObject, value: Record<string, unknown>): Record<string, unknown> {
  const shape: Record<string, Schema> = schema.shape;
  const names = fieldNamesOf(schema);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const name = Object.hasOwn(shape, key) ? key : names.get(key.toLowerCase());
    const field = name === undefined ? undefined : shape[name];
    if (name === undefined || field === undefined || (name !== key && Object.hasOwn(out, name))) continue;
    let raw = value[key];
    if (name === "dataPoints" && Array.isArray(raw)) raw = influxResultsAsCsv(raw);
    out[name] = matchFieldNames(field, raw);
  }
  for (const [name, field] of Object.entries(shape)) {
    if (!Object.hasOwn(out, name) && whenMissing(field) === "null") out[name] = null;
  }
  return out;
}

/** What a missing field means: left out (optional or defaulted), null (nullable), or an error. */
const missingFields = new WeakMap<Schema, "absent" | "null" | "required">();

function whenMissing(field: Schema): "absent" | "null" | "required" {
  let meaning = missingFields.get(field);
  if (meaning === undefined) {
    // Asking the schema itself, as zod recommends, covers every wrapper that admits undefined or null.
    if (z.safeParse(field, undefined).success) meaning = "absent";
    else meaning = z.safeParse(field, null).success ? "null" : "required";
    missingFields.set(field, meaning);
  }
  return meaning;
}

function matchTuple(schema: z.ZodTuple, value: unknown[]): unknown[] {
  const { items, rest } = schema.def;
  return value.map((item, i) => {
    const itemSchema = items[i] ?? rest;
    return itemSchema ? matchFieldNames(itemSchema, item) : item;
  });
}

/** Record keys are data (symbols, dates), not field names: they keep their case. */
function matchRecord(schema: z.ZodRecord, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, {
      value: matchFieldNames(schema.valueType, value[key]),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out;
}

/** The first option the value, renamed for it, satisfies; otherwise the value as it came, for zod to report. */
function matchUnion(options: readonly Schema[], value: unknown): unknown {
  for (const option of options) {
    const matched = matchFieldNames(option, value);
    if (z.safeParse(option, matched).success) return matched;
  }
  return value;
}
