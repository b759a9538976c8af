/**
 * Parses the request body by its content type (contract §1.1): JSON, form-urlencoded (a flat string
 * map), text, octet-stream; no content type means no body; anything else is a BODY_PARSING_ERROR.
 * GET bodies are ignored. JSON nested deeper than `maxJsonDepth` is refused before it is parsed, so
 * no later recursive walk (validation, serialisation, the input guard) can run out of stack.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { HonoRequest, MiddlewareHandler } from "hono";
import type { AuthEnv } from "./context";

/** Far above any body of the protocol (metadata objects are a few levels deep). */
export const maxJsonDepth = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`. A single pass over the characters,
 * without recursion, so a body of a million `[` costs time linear in its size and no stack.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* backslash: skip the escaped character */) index++;
      else if (char === 0x22 /* quote */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth > limit) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

export function parseBody(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set("body", await readBody(c.req));
    await next();
  };
}

const utf8 = new TextDecoder();

/**
 * The body through Hono's request, whose cache may already hold it: the site reads an auth API
 * body straight from Node's stream (apps/server body-limits.ts); without it, from the Fetch
 * Request. Text is decoded as the Fetch API decodes it (UTF-8, a leading BOM dropped).
 */
async function readBody(request: HonoRequest): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const contentType = (request.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (contentType === "") return undefined;
  const readText = async () => utf8.decode(await request.arrayBuffer());
  switch (contentType.toLowerCase()) {
    case "application/json": {
      const text = await readText();
      if (text.trim() === "") return undefined;
      if (jsonNestsDeeperThan(text, maxJsonDepth)) {
        throw knownErrors.bodyParsingError({
          message: `JSON in request body is nested more than ${maxJsonDepth} levels deep`,
        });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw knownErrors.bodyParsingError({ message: "Invalid JSON in request body" });
      }
    }
    case "application/x-www-form-urlencoded":
      return Object.fromEntries(new URLSearchParams(await readText()));
    case "text/plain":
      return readText();
    case "application/octet-stream":
      return new Uint8Array(await request.arrayBuffer());
    default:
      throw knownErrors.bodyParsingError({
        message: `Unknown content type in request body: ${contentType}`,
      });
  }
}
