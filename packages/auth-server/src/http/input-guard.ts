/**
 * Text the auth API refuses at its edge, whatever the route: a NUL character or an unpaired UTF-16
 * surrogate in the path, the query, or any string of the parsed body (property names included).
 * PostgreSQL stores neither (text and jsonb refuse U+0000; a lone surrogate has no UTF-8 form), so
 * without this check such input reached a query and became a 500 (issue 14). No legitimate client
 * sends them, so the answer is a SCHEMA_ERROR that names where the text was.
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { jsonNestsDeeperThan, maxJsonDepth } from "./body-parser";
import type { AuthEnv } from "./context";
import { throwSchemaError } from "./validate";

/** An unpaired surrogate; with the `u` flag a well-formed pair is one code point and never matches. */
const loneSurrogatePattern = /\p{Surrogate}/u;

type TextProblem = "NUL character" | "unpaired surrogate";

function textProblem(text: string): TextProblem | null {
  if (text.includes("\u0000")) return "NUL character";
  if (loneSurrogatePattern.test(text)) return "unpaired surrogate";
  return null;
}

function describe(where: string, problem: TextProblem): string {
  return problem === "NUL character"
    ? `${where} must not contain NUL characters`
    : `${where} must not contain unpaired surrogates (invalid Unicode)`;
}

function pathOf(parent: string, key: string | number): string {
  return typeof key === "number" ? `${parent}[${key}]` : `${parent}.${key}`;
}

/**
 * The first unstorable string in a parsed body, as a problem line. Recursion is safe: the body
 * parser has already refused JSON nested deeper than its limit, and forms are flat.
 */
export function findUnstorableText(value: unknown, where: string): string | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? describe(where, problem) : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, pathOf(where, index));
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null && !(value instanceof Uint8Array)) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      // The key itself cannot be printed safely; the object holding it is named instead.
      if (keyProblem) return describe(`${where} property names`, keyProblem);
      const found = findUnstorableText(item, pathOf(where, key));
      if (found) return found;
    }
  }
  return null;
}

/**
 * Runs after the body parser. Path parameters are checked on the decoded path (Hono decodes `%00`
 * there; undecodable escapes stay as they are), the query on its decoded names and values.
 */
export function rejectUnstorableText(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const problems: string[] = [];
    const pathProblem = textProblem(c.req.path);
    if (pathProblem) problems.push(describe("params", pathProblem));
    for (const [name, values] of Object.entries(c.req.queries())) {
      const nameProblem = textProblem(name);
      const valueProblem = values.map(textProblem).find((problem) => problem !== null);
      if (nameProblem) problems.push(describe("query property names", nameProblem));
      else if (valueProblem) problems.push(describe(`query.${name}`, valueProblem));
      if (nameProblem || valueProblem) break;
    }
    const bodyProblem = findUnstorableText(c.get("body"), "body");
    if (bodyProblem) problems.push(bodyProblem);
    if (problems.length > 0) throwSchemaError(c, problems);
    await next();
  };
}

/**
 * JSON sent as text inside a field (`config_override_string`): the body parser saw a string there,
 * so its limits and this module's checks are applied to the parsed text here. Problems are
 * SCHEMA_ERROR lines naming the field.
 */
export function parseJsonField(c: Context<AuthEnv>, field: string, text: string): unknown {
  const where = `body.${field}`;
  if (jsonNestsDeeperThan(text, maxJsonDepth)) {
    throwSchemaError(c, [`${where} must not nest JSON more than ${maxJsonDepth} levels deep`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throwSchemaError(c, [`${where} must be valid JSON`]);
  }
  const problem = findUnstorableText(value, where);
  if (problem) throwSchemaError(c, [problem]);
  return value;
}
