/**
 * Answers for requests that no route of the auth API takes (issue 14): an unknown path gets a JSON
 * 404 in the reference's wording ("404 — this page does not exist in Stack Auth's API."), a known
 * path asked with another method a bare 405 (no body, no `Allow`), as the reference's. The
 * decision is made from the API's own mount table before the body is parsed or the caller is
 * authenticated, so nothing else runs for such a request. The 404 is JSON rather than the
 * reference's plain text so that every `/api/*` miss reads the same, the site's paths answering
 * HTML never among them.
 * @module
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { baseRoutePath, matchedRoutes } from "hono/route";
import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";
import type { AuthEnv } from "./context";
import { methodNotAllowedResponse, notFoundResponse } from "./error-response";
import { protocolHeaders } from "./protocol-headers";

interface MountedRoute {
  method: string;
  path: string;
}

/**
 * A trie of the API's paths: a lookup walks the path's segments. (A pattern router tried each of
 * the API's few hundred routes' expressions in turn on every request, decision 030.)
 */
function buildMethodTable(routes: readonly MountedRoute[]): TrieRouter<string> {
  const table = new TrieRouter<string>();
  for (const route of routes) {
    // Middleware sits on wildcard paths; every endpoint has a concrete one.
    if (route.path.endsWith("*")) continue;
    table.add("ALL", route.path, route.method);
  }
  return table;
}

/**
 * 404 and 405 ahead of the rest of the pipeline. `app` is read at the first request, when every
 * route is registered. Its paths are relative; the mount prefix (`/api/v1`, `/api/latest`) is cut
 * from the request path first.
 */
export function answerUnknownRoutes(app: Hono<AuthEnv>): MiddlewareHandler<AuthEnv> {
  let table: TrieRouter<string> | undefined;
  return async (c, next) => {
    // The request's own routing already found its endpoint: nothing to look up again.
    if (endpointMatched(c)) return next();
    table ??= buildMethodTable(app.routes);
    const prefix = baseRoutePath(c).replace(/\/+$/, "");
    const path = c.req.path.slice(prefix.length) || "/";
    const methods = new Set(table.match("ALL", path)[0].map(([method]) => method));
    if (methods.size === 0) return notFoundResponse(new URL(c.req.url).pathname);
    if (!methods.has(c.req.method) && !methods.has("ALL")) {
      return methodNotAllowedResponse();
    }
    await next();
  };
}

/**
 * Whether a route after this middleware among the request's matches is an endpoint (middleware
 * sits on wildcard paths, as in `buildMethodTable`). Hono matches by method, so an endpoint here
 * takes this request's method; a path whose endpoints take other methods only, or that matches
 * none (a trailing slash), is looked up in the table.
 */
function endpointMatched(c: Context<AuthEnv>): boolean {
  const routes = matchedRoutes(c);
  for (let index = c.req.routeIndex + 1; index < routes.length; index++) {
    if (!(routes[index] as RouterRoute).path.endsWith("*")) return true;
  }
  return false;
}

/**
 * For `/api/*` paths outside the API's mounts (`/api/v2/...`, `/api/whatever`): the API's headers
 * and OPTIONS answer, and its JSON 404, instead of the site's HTML page.
 */
export function createUnknownApiRoutes(): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.use("*", protocolHeaders());
  app.all("*", (c) => notFoundResponse(new URL(c.req.url).pathname));
  return app;
}
