/**
 * Parses the request body by its content type (contract §1.1): JSON, form-urlencoded (a flat string
 * map), text, octet-stream; no content type means no body; anything else is a BODY_PARSING_ERROR.
 * GET bodies are ignored.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "./context";

export function parseBody(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    c.set("body", await readBody(c.req.raw));
    await next();
  };
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (contentType === "") return undefined;
  switch (contentType.toLowerCase()) {
    case "application/json": {
      const text = await request.text();
      if (text.trim() === "") return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw knownErrors.bodyParsingError({ message: "Invalid JSON in request body" });
      }
    }
    case "application/x-www-form-urlencoded":
      return Object.fromEntries(new URLSearchParams(await request.text()));
    case "text/plain":
      return request.text();
    case "application/octet-stream":
      return new Uint8Array(await request.arrayBuffer());
    default:
      throw knownErrors.bodyParsingError({
        message: `Unknown content type in request body: ${contentType}`,
      });
  }
}
