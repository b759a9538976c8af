/**
 * JWKS (contract §1.5): `GET /projects/{id}/.well-known/jwks.json` lists the public keys that verify
 * the project's access tokens (normal audience by default; restricted and anonymous on request);
 * `/projects-anonymous-users/{id}/.well-known/jwks.json` redirects there with `include_anonymous`.
 * @module
 */
import type { AccessTokenKind } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { sendJson, sendPlainError } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import { findProject } from "../../services/projects/projects";
import { plainErrors } from "../../services/shared/plain-errors";

const booleanString = z.enum(["true", "false"]).optional();

const jwksQuery = z.strictObject({
  include_restricted: booleanString,
  include_anonymous: booleanString,
});

export function createJwksRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.get(
    "/projects/:project_id/.well-known/jwks.json",
    describeRoute({
      summary: "Public keys that verify the project's access tokens (JWKS)",
      callers: ["anyone"],
      query: jwksQuery,
    }),
    async (c) => {
      const { query } = validateRequest(c, { query: jwksQuery });
      const project = await findProject(deps.db, deps.secrets, c.req.param("project_id"));
      if (!project) return sendPlainError(c, plainErrors.projectNotFound());
      const kinds: AccessTokenKind[] = ["normal"];
      if (query.include_restricted === "true" || query.include_anonymous === "true") {
        kinds.push("restricted");
      }
      if (query.include_anonymous === "true") kinds.push("anonymous");
      const keys = await deps.signingKeys.listPublicJwks(kinds);
      return sendJson(c, { keys }, 200, { "cache-control": "public, max-age=3600" });
    },
  );

  app.all(
    "/projects-anonymous-users/:project_id/.well-known/jwks.json",
    describeRoute({
      summary: "JWKS including anonymous users' keys (redirects)",
      callers: ["anyone"],
    }),
    (c) => {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.replace("/projects-anonymous-users/", "/projects/");
      url.search = "?include_anonymous=true";
      return c.redirect(`${url.pathname}${url.search}`, 307);
    },
  );

  return app;
}
