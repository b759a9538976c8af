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

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "string") return `"${value}"`;
  return JSON.stringify(value) ?? String(value);
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
      return `${path} must be a \`${issue.expected}\` type, but the final value was: \`${describeValue(value)}\`.`;
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

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id field that also accepts `me` (contract §1.1): "… must be a valid UUID" otherwise. */
export const userIdOrMeSchema = z
  .string()
  .refine((value) => value === "me" || uuidPattern.test(value), "must be a valid UUID");
