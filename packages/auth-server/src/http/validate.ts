/**
 * Request validation (contract §1.4): zod schemas for body, query and params; every problem becomes a
 * line of one SCHEMA_ERROR, "Request validation failed on {METHOD} {path}:\n  - body.email must be
 * defined", with unknown keys reported as "body contains unknown properties: a, b".
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Context } from "hono";
import { z } from "zod";
import { describedSchemas, type RouteDescription } from "../openapi/route-description";
import type { AuthEnv } from "./context";

type Location = "body" | "query" | "params" | "headers" | "auth";

function formatPath(location: Location, path: readonly PropertyKey[]): string {
  let text: string = location;
  for (const segment of path) {
    text += typeof segment === "number" ? `[${segment}]` : `.${String(segment)}`;
  }
  return text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/** A primitive as the reference prints it in a message (strings quoted, others as text). */
function printPrimitive(value: unknown): string | null {
  if (value === null) return "null";
  if (typeof value === "string") return `"${value}"`;
  if (typeof value === "object" || typeof value === "function") return null;
  return String(value);
}

/**
 * A value as the reference's messages show it: primitives as text, arrays and objects as
 * indented JSON whose primitives are printed that way first (so a string item appears as
 * `"\"text\""`).
 */
function describeValue(value: unknown): string {
  const primitive = printPrimitive(value);
  if (primitive !== null) return primitive;
  return (
    JSON.stringify(
      value,
      function (this: Record<string, unknown>, key) {
        const own = this[key];
        return printPrimitive(own) ?? own;
      },
      2,
    ) ?? String(value)
  );
}

/** zod's names of expected types, where the reference's differ. */
const expectedTypeNames: Record<string, string> = { record: "object" };

interface BodyUnion {
  shapes: readonly z.ZodType[];
  unknownPropertiesLines: number;
}

/** The unions made by `unionOfBodies`, which `validateRequest` checks shape by shape. */
const bodyUnions = new WeakMap<z.ZodType, BodyUnion>();

/**
 * A body that must match one of several shapes (strict objects). When none matches, the problem is
 * the reference's "body is not matched by any of the provided schemas:" with every shape's
 * problems (zod's own union would report only the nearest shape's). `unknownPropertiesLines`:
 * how many times the reference names unknown properties for a shape; its shapes made of a shared
 * part and the shape's own part refuse unknown properties once per part.
 */
export function unionOfBodies<const T extends readonly [z.ZodType, z.ZodType, ...z.ZodType[]]>(
  shapes: T,
  options: { unknownPropertiesLines?: number } = {},
): z.ZodUnion<T> {
  const union = z.union(shapes);
  bodyUnions.set(union, { shapes, unknownPropertiesLines: options.unknownPropertiesLines ?? 1 });
  return union;
}

/** The problem line of a body that matches none of its union's shapes, each shape's under it. */
function describeUnmatchedUnion(
  location: Location,
  shapeIssues: readonly (readonly z.core.$ZodIssue[])[],
  input: unknown,
  unknownPropertiesLines = 1,
): string {
  const shapes = shapeIssues.map((issues, index) => {
    // Each shape's problems in its own order: its fields, then unknown properties.
    const lines = issues.flatMap((issue) => {
      const line = describeIssue(location, issue, input);
      return issue.code === "unrecognized_keys"
        ? Array.from({ length: unknownPropertiesLines }, () => line)
        : [line];
    });
    // A problem over several lines (a printed array) keeps its lines together, all indented.
    const indented = lines.map((line) => line.replace(/^/gm, "      "));
    return [`    Schema ${index}:`, ...indented].join("\n");
  });
  return `${location} is not matched by any of the provided schemas:\n${shapes.join("\n")}`;
}

/** One problem line for a zod issue; messages follow the reference's wording. */
function describeIssue(location: Location, issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatPath(location, issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return `${path} contains unknown properties: ${issue.keys.join(", ")}`;
    case "invalid_type": {
      const value = valueAt(input, issue.path);
      if (value === undefined) return `${path} must be defined`;
      const expected = expectedTypeNames[issue.expected] ?? issue.expected;
      return `${path} must be a \`${expected}\` type, but the final value was: \`${describeValue(value)}\`.`;
    }
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? `${path} must not be empty`
          : `${path} must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === "array") return `${path} must have at least ${issue.minimum} items`;
      return `${path} must be greater than or equal to ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `${path} must be at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `${path} must have at most ${issue.maximum} items`;
      return `${path} must be less than or equal to ${issue.maximum}`;
    case "invalid_format":
      switch (issue.format) {
        case "email":
          return `${path} must be a valid email`;
        case "uuid":
        case "guid":
          return `${path} must be a valid UUID`;
        case "url":
          return `${path} must be a valid URL`;
        default:
          return `${path} ${issue.message}`;
      }
    case "invalid_value":
      return `${path} must be one of the following values: ${issue.values.map(String).join(", ")}`;
    case "invalid_union":
      return `${path} is invalid`;
    case "custom":
      // Some of the reference's lines name no field (e.g. "URL must start with http:// or https://").
      return issue.params?.wholeLine === true ? issue.message : `${path} ${issue.message}`;
    default:
      return `${path} ${issue.message}`;
  }
}

/** Throws the SCHEMA_ERROR for these problem lines. */
export function throwSchemaError(c: Context, problems: readonly string[]): never {
  const message = `Request validation failed on ${c.req.method} ${new URL(c.req.url).pathname}:\n${problems
    .map((problem) => `  - ${problem}`)
    .join("\n")}`;
  throw knownErrors.schemaError({ message });
}

interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

type Parsed<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

/**
 * Parses body, query and params against their schemas and reports every problem at once. A missing
 * body counts as `{}`, so required fields are reported one by one.
 */
export function validateRequest<S extends RequestSchemas>(
  c: Context<AuthEnv>,
  schemas: S,
): Parsed<S> {
  if (c.get("checksRouteDescriptions")) refuseUndescribedSchemas(c, schemas);
  const inputs: Record<"body" | "query" | "params", unknown> = {
    body: c.get("body") ?? {},
    query: c.req.query(),
    params: c.req.param(),
  };
  const problems: string[] = [];
  const output: Record<string, unknown> = {};
  for (const location of ["params", "query", "body"] as const) {
    const schema = schemas[location];
    if (!schema) continue;
    const union = bodyUnions.get(schema);
    if (union) {
      const results = union.shapes.map((shape) => shape.safeParse(inputs[location]));
      const matched = results.find((result) => result.success);
      if (matched) output[location] = matched.data;
      else {
        const shapeIssues = results.map((result) => result.error?.issues ?? []);
        problems.push(
          describeUnmatchedUnion(
            location,
            shapeIssues,
            inputs[location],
            union.unknownPropertiesLines,
          ),
        );
      }
      continue;
    }
    const result = schema.safeParse(inputs[location]);
    if (result.success) {
      output[location] = result.data;
    } else {
      // Unknown properties first, then field problems in schema order.
      const issues = [...result.error.issues].sort(
        (a, b) => Number(b.code === "unrecognized_keys") - Number(a.code === "unrecognized_keys"),
      );
      for (const issue of issues) problems.push(describeIssue(location, issue, inputs[location]));
    }
  }
  if (problems.length > 0) throwSchemaError(c, problems);
  return output as Parsed<S>;
}

/**
 * Development and tests: a schema the route's `describeRoute(...)` does not name is a programming
 * error (the API description would say something else than the handler checks), thrown as such.
 */
function refuseUndescribedSchemas(c: Context<AuthEnv>, schemas: RequestSchemas): void {
  const description = c.get("routeDescription") as RouteDescription | undefined;
  // A route without a description is the coverage test's to report (openapi/*.test.ts).
  if (!description) return;
  const route = `${c.req.method} ${c.req.routePath}`;
  for (const location of ["params", "query", "body"] as const) {
    const schema = schemas[location];
    if (!schema) continue;
    const accessType = c.get("auth")?.accessType;
    const byAccess = location === "body" ? description.bodyByAccess : undefined;
    const isDescribed =
      byAccess && accessType
        ? byAccess[accessType] === schema
        : describedSchemas(description, location).includes(schema);
    if (!isDescribed) {
      throw new Error(
        `${route} validates its ${location} with a schema its describeRoute(...) does not name${byAccess ? ` for ${accessType} access` : ""}`,
      );
    }
  }
}

/** No query parameters at all (unknown ones are refused). */
export const emptyQuery = z.strictObject({});
/** An empty JSON object body (unknown fields are refused). */
export const emptyBody = z.strictObject({});

const uuidSchema = z.uuid();

/** A UUID as `z.uuid()` takes it (versions 1 to 8, the RFC variant, or the nil UUID). */
export function isUuid(value: unknown): boolean {
  return uuidSchema.safeParse(value).success;
}

/**
 * A user id field that also accepts `me` (contract §1.1): "… must be a valid UUID" otherwise. As
 * everywhere else, a UUID is one of versions 1 to 8 with the RFC variant (or the nil UUID): the
 * reference refuses `01234567-89ab-cdef-…` with a 400 too, rather than looking the user up.
 */
export const userIdOrMeSchema = z
  .string()
  .refine((value) => value === "me" || isUuid(value), "must be a valid UUID");
