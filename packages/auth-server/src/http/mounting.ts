/**
 * The auth API inside a host app (the site's one process, apps/server): its routes under every
 * version prefix, its errors answered in its own shape (decision 030, fourth step).
 *
 * Hono's `route()` wraps every handler of an app that has its own `onError` in a composition of
 * its own, so that the app's errors are answered by its handler: two more promises on each of the
 * dozen-odd handlers a request to the API meets. Mounted here the handlers go in as they are, and
 * the host's `onError` asks `answerMountedApiError` first: an error thrown while one of the API's
 * handlers was running is the API's, answered as the API alone answers it (a known error, a status
 * error, or its 500), before any of the host's layers see the answer, as with the wrappers.
 * @module
 */
import { type Context, Hono } from "hono";
import { matchedRoutes } from "hono/route";
import { findTargetHandler } from "hono/utils/handler";
import type { AuthEnv } from "./context";

/** The part of an auth API the mounting needs: its routes and its answer to an error. */
export interface MountableAuthApi {
  routes: Hono<AuthEnv>["routes"];
  answerError: (error: unknown, c: Context<AuthEnv>) => Response;
}

/**
 * Adds the API's routes to `host` under each path of `mountPaths`. Returns the API's error answer
 * for the host's `onError`: a Response when the error is the API's, else `undefined`.
 */
export function mountAuthApi(
  // biome-ignore lint/suspicious/noExplicitAny: any host app's environment; the API's routes read only their own variables
  host: Hono<any>,
  api: MountableAuthApi,
  mountPaths: readonly string[],
): (error: unknown, c: Context) => Response | undefined {
  // An app without an error handler of its own: `route()` copies its handlers unwrapped.
  const routesOnly = new Hono<AuthEnv>();
  routesOnly.routes = [...api.routes];
  for (const mountPath of mountPaths) host.route(mountPath, routesOnly);

  const apiHandlers = new Set<unknown>(api.routes.map((route) => route.handler));
  return (error, c) => {
    // Hono's composition sets `routeIndex` before it runs each handler, so it names the handler
    // that threw, or, for an error thrown on the way back out, the innermost one that ran. A host
    // mounted in turn by another app with `route()` (a test's server) has its handlers wrapped:
    // the wrapper names the handler it runs.
    const running = matchedRoutes(c)[c.req.routeIndex];
    if (running === undefined || !apiHandlers.has(findTargetHandler(running.handler))) {
      return undefined;
    }
    return api.answerError(error, c as unknown as Context<AuthEnv>);
  };
}
