/**
 * `GET /migration-tests/smart-route-handler`: Stack Auth's demonstration of how a route changes
 * between API versions (it has no other use; its text says so). Each version answers as the
 * reference's migration chain does:
 * - v1: the route does not exist yet (the reference's plain-text 404);
 * - v2beta1: an optional `queryParam`, "n/a" when absent;
 * - v2beta2: `queryParam` required;
 * - v2beta3: the parameter is called `queryParamNew`, required;
 * - v2beta4 and later: `queryParamNew` optional.
 * Unknown query parameters are refused in every version. Like the reference, the answer names the
 * internal path that served it in `x-middleware-rewrite`: the first migration step after the
 * request's version, or `/api/latest` when the request's version is the current behaviour.
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import { type ApiVersion, apiVersionOf } from "../http/api-versions";
import type { AuthEnv, RouteDeps } from "../http/context";
import { sendText } from "../http/respond";
import { throwSchemaError } from "../http/validate";
import { describeRoute } from "../openapi/route-description";

const routePath = "/migration-tests/smart-route-handler";

/** The one query parameter each behaviour takes, and whether it must be there. */
const parameterOf = {
  v2beta1: { name: "queryParam", required: false },
  v2beta2: { name: "queryParam", required: true },
  v2beta3: { name: "queryParamNew", required: true },
  latest: { name: "queryParamNew", required: false },
} as const;

/** The current behaviour's query, as the API description shows it. */
const latestQuery = z.strictObject({ queryParamNew: z.string().optional() });

/** The behaviour a version has; `null` for v1, where the route did not exist yet. */
function behaviourOf(version: ApiVersion): keyof typeof parameterOf | null {
  if (version === "v1") return null;
  if (version === "v2beta1" || version === "v2beta2" || version === "v2beta3") return version;
  return "latest";
}

/** The reference's migration folder that serves a version: the one named after the next version. */
const servedFrom: Record<ApiVersion, string> = {
  v1: "/api/migrations/v2beta1",
  v2beta1: "/api/migrations/v2beta2",
  v2beta2: "/api/migrations/v2beta3",
  v2beta3: "/api/migrations/v2beta4",
  v2beta4: "/api/latest",
  v2beta5: "/api/latest",
  latest: "/api/latest",
};

const explanation = `Here's what it does:

- v1: This route does not yet exist; it shows a 404 error.
- v2beta1: Takes an optional query parameter 'queryParam' and displays it. If not given, it defaults to the string "n/a".
- v2beta2: The query parameter is now required.
- v2beta3: The query parameter is now called 'queryParamNew'.
- v2beta4: The query parameter is now optional again (this is not actually a breaking change, so in a real scenario we wouldn't need a new version).`;

function welcome(parameter: string | undefined): string {
  const passed =
    parameter === undefined || parameter === ""
      ? "Looks like you didn't pass in the query parameter. That's fine, read on below to see what this route does."
      : `The query parameter you passed in is: ${parameter}`;
  return `Welcome to the migration test route for SmartRouteHandler! This route only exists for demonstration purposes and has no practical functionality.\n\n${passed}\n\n${explanation}`;
}

/**
 * The reference's plain-text 404 (v1, where the route did not exist yet), with the URL asked for,
 * under the server's public origin (never the request's Host).
 */
function notYetThere(url: string): string {
  return `404 — this page does not exist in Stack Auth's API.\n\nPlease see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.\n\nURL: ${url}`;
}

export function createMigrationTestRoutes(deps: Pick<RouteDeps, "baseUrl">): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.get(
    routePath,
    describeRoute({
      summary: "Demonstration of a route that changes between API versions (no practical use)",
      description:
        "v1: 404. v2beta1: optional `queryParam` (default n/a). v2beta2: `queryParam` required. v2beta3: renamed `queryParamNew`, required. v2beta4 and later: `queryParamNew` optional.",
      callers: ["anyone"],
      query: latestQuery,
      responseMediaType: "text/plain",
    }),
    (c) => {
      const version = apiVersionOf(c);
      const servedPath = `${servedFrom[version]}${routePath}`;
      const rewrite = { "x-middleware-rewrite": servedPath };
      // Also on a thrown schema error's answer, which the error handler makes.
      c.header("x-middleware-rewrite", servedPath);
      const behaviour = behaviourOf(version);
      if (behaviour === null) {
        const asked = new URL(c.req.url);
        return sendText(
          c,
          notYetThere(`${deps.baseUrl}${asked.pathname}${asked.search}`),
          404,
          rewrite,
        );
      }
      // Each version takes another parameter, so the query is checked here rather than by one
      // schema; the lines are validateRequest's (unknown properties first).
      const parameter = parameterOf[behaviour];
      const query = c.req.query();
      const unknown = Object.keys(query).filter((name) => name !== parameter.name);
      const problems: string[] = [];
      if (unknown.length > 0)
        problems.push(`query contains unknown properties: ${unknown.join(", ")}`);
      if (parameter.required && query[parameter.name] === undefined) {
        problems.push(`query.${parameter.name} must be defined`);
      }
      if (problems.length > 0) throwSchemaError(c, problems);
      const value = query[parameter.name] ?? (behaviour === "v2beta1" ? "n/a" : undefined);
      return sendText(c, welcome(value), 200, rewrite);
    },
  );
  return app;
}
