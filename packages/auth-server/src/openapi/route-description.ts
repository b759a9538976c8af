/**
 * What a route says about itself for the API description (issue 20, item 3): a summary, who may
 * call it, and the very zod schemas its handler validates with. `describeRoute(...)` is put in
 * front of the handler (`app.get("/me", describeRoute({...}), handler)`), so the description
 * travels with the route into every app that mounts it, and `routeDescriptionOf` finds it again in
 * Hono's `app.routes`. While checks are on (development and tests), `validateRequest` refuses a
 * schema the running route did not describe, so the description cannot drift from the validation.
 * @module
 */
import type { AccessType } from "@heritage/auth-protocol";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";

/**
 * Who may call a route: an access type of the auth API (`x-stack-access-type` and its key),
 * anyone at all, or a signed-in admin of the site (`Authorization: Bearer`, the content API).
 */
export type RouteCaller = AccessType | "anyone" | "site-admin";

/** A schema that depends on the caller's access type (e.g. client vs server bodies). */
export type SchemaByAccess = Partial<Record<AccessType, z.ZodType>>;

export interface RouteDescription {
  /** One line, imperative: "List the project's users". */
  summary: string;
  /** More words when the summary is not enough (Markdown). */
  description?: string;
  /** Who may call it. */
  callers: readonly RouteCaller[];
  /** The route needs a signed-in user (`x-stack-access-token`). */
  signedIn?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Instead of `body`, when the body's schema depends on the access type. */
  bodyByAccess?: SchemaByAccess;
  /** The body's media type; JSON unless said otherwise. */
  bodyMediaType?: "application/json" | "multipart/form-data" | "application/x-www-form-urlencoded";
  /** The success answer's schema, where the route has one. */
  response?: z.ZodType;
  /** The success status; 200 unless said otherwise. */
  successStatus?: number;
  /** The success answer's media type; JSON unless said otherwise. */
  responseMediaType?: string;
}

/** The context variables the description middleware sets (and `validateRequest` reads). */
export interface RouteDescriptionVariables {
  routeDescription: RouteDescription;
}

const descriptionKey = Symbol.for("heritage.route-description");
// Hono wraps a sub-app's handlers when the sub-app has its own error handler and keeps the
// original under this key (hono-base.ts `route`).
const composedHandlerKey = "__COMPOSED_HANDLER";

type Described = { [descriptionKey]?: RouteDescription; [composedHandlerKey]?: unknown };

/**
 * The middleware that carries a route's description: it puts the description on the context for
 * the handler's checks and passes on. Place it first among the route's handlers.
 */
export function describeRoute(
  description: RouteDescription,
): MiddlewareHandler<{ Variables: RouteDescriptionVariables }> {
  const middleware: MiddlewareHandler<{ Variables: RouteDescriptionVariables }> = async (
    c,
    next,
  ) => {
    c.set("routeDescription", description);
    await next();
  };
  return Object.assign(middleware, { [descriptionKey]: description });
}

/** The description a handler in `app.routes` carries, looking through Hono's wrappers. */
export function routeDescriptionOf(handler: unknown): RouteDescription | undefined {
  let current = handler as Described | undefined;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const description = current[descriptionKey];
    if (description) return description;
    current = current[composedHandlerKey] as Described | undefined;
  }
  return undefined;
}

/** The schemas a description declares for one part of the request (all access types). */
export function describedSchemas(
  description: RouteDescription,
  location: "params" | "query" | "body",
): z.ZodType[] {
  if (location !== "body") return description[location] ? [description[location]] : [];
  return [
    ...(description.body ? [description.body] : []),
    ...Object.values(description.bodyByAccess ?? {}),
  ];
}

/** One mounted endpoint: its method, its Hono path, and its description if it has one. */
export interface MountedEndpoint {
  method: string;
  path: string;
  description: RouteDescription | undefined;
}

/**
 * The endpoints of an app, from its `routes`: one entry per method and path, middleware on
 * wildcard paths left out. A route mounted twice (`/api/v1` and `/api/latest`) appears under each
 * path; callers pick the prefixes they document.
 */
export function listMountedEndpoints(
  routes: readonly { method: string; path: string; handler: unknown }[],
): MountedEndpoint[] {
  const endpoints = new Map<string, MountedEndpoint>();
  for (const route of routes) {
    if (route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    const endpoint = endpoints.get(key) ?? {
      method: route.method,
      path: route.path,
      description: undefined,
    };
    endpoint.description ??= routeDescriptionOf(route.handler);
    endpoints.set(key, endpoint);
  }
  return [...endpoints.values()];
}
