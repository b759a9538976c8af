/**
 * @module
 * The `route` label of a request's metrics: the pattern of the route that answered (e.g.
 * `/api/v1/users/:user_id`), never the URL, so that a series stands for an endpoint however many
 * ids, pages or files are asked for. Requests no concrete route matches get one of a few fixed
 * names instead.
 */
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";

/** The fixed names of requests that no concrete route pattern matched. */
export const ROUTE_LABELS = {
  /** A page of the site (rendered, or stored by the page cache). */
  sitePage: "site_page",
  /** A file of the web build (`/assets/*`, the favicon, images). */
  static: "static",
  /** Something under `/api/` that the auth API answered before its routes (e.g. a 405). */
  authApi: "auth_api",
  /** Something under `/functions/` that the content API answered before its routes. */
  contentApi: "content_api",
  /** An upload or share image. */
  media: "media",
  /** Nothing here answers to that path (404 outside a concrete route). */
  notFound: "not_found",
} as const;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The request method, or `other` (a client may send any token as a method). */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

const isPattern = (path: string) => !path.includes("*");

/**
 * The label for a request Hono has answered (call it after `await next()`). The answering route
 * when it is a pattern; else the first pattern after it (a middleware answered for that route,
 * e.g. with a 401 or 429); else a fixed name by what the path is.
 */
export function routeLabel(c: Context, status: number): string {
  const routes = matchedRoutes(c);
  const answering = c.req.routeIndex;
  for (let i = Math.max(answering, 0); i < routes.length; i++) {
    const path = routes[i]?.path;
    if (path !== undefined && isPattern(path)) return path;
  }
  if (status === 404) return ROUTE_LABELS.notFound;
  const path = c.req.path;
  if (path.startsWith("/api/")) return ROUTE_LABELS.authApi;
  if (path.startsWith("/functions/")) return ROUTE_LABELS.contentApi;
  if (path.startsWith("/media/") || path.startsWith("/share-image/")) return ROUTE_LABELS.media;
  // The web routes end in one catch-all handler (the pages); a middleware before it that answers
  // a GET is the static files' (`/assets/*` or a file of the build).
  const last = routes.length - 1;
  if (answering < last && (c.req.method === "GET" || c.req.method === "HEAD") && status < 400) {
    return ROUTE_LABELS.static;
  }
  return ROUTE_LABELS.sitePage;
}
