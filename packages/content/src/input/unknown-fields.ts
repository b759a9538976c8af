/**
 * @module
 * Fields a write carries that its schema does not know (issue 19, defect 8). The write schemas
 * strip unknown keys, which suits the admin forms (they parse their own values) but let a
 * caller's misspelt field ("titel") vanish while the write succeeded. The content API asks this
 * module first and refuses such a write with a 400 naming each field; nothing is written.
 */
import type { z } from "zod";

/** The parts of a zod 4 schema definition this walk reads. */
type SchemaDefinition = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
};

const definitionOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Wrappers whose input is their inner schema's input. */
const wrapperTypes = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
]);

/**
 * Dotted paths of the keys in `value` that `schema` would drop (`["titel", "values.0.colour"]`).
 * Objects are checked key by key and into their fields, lists into their items; a pipe is read
 * by its input side (after a preprocess step, by its target). Records, unions and objects with a
 * catch-all take any key and report none.
 */
export function findUnknownFields(schema: z.ZodType, value: unknown, path = ""): string[] {
  const definition = definitionOf(schema);
  const at = (key: string | number) => (path === "" ? String(key) : `${path}.${key}`);

  if (wrapperTypes.has(definition.type) && definition.innerType) {
    return findUnknownFields(definition.innerType, value, path);
  }
  if (definition.type === "pipe" && definition.in && definition.out) {
    // z.preprocess(fn, target) is a pipe from a transform: the target describes the shape.
    const side = definitionOf(definition.in).type === "transform" ? definition.out : definition.in;
    return findUnknownFields(side, value, path);
  }
  if (definition.type === "array" && definition.element && Array.isArray(value)) {
    const element = definition.element;
    return value.flatMap((item, index) => findUnknownFields(element, item, at(index)));
  }
  if (definition.type === "object" && definition.shape && isPlainObject(value)) {
    const shape = definition.shape;
    const acceptsAnyKey =
      definition.catchall !== undefined && definitionOf(definition.catchall).type !== "never";
    return Object.entries(value).flatMap(([key, fieldValue]) => {
      // Own keys only: "constructor" or "__proto__" in a body must not find Object.prototype's.
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (field) return findUnknownFields(field, fieldValue, at(key));
      return acceptsAnyKey ? [] : [at(key)];
    });
  }
  return [];
}
