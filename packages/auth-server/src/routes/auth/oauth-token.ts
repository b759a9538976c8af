/**
 * `POST /auth/oauth/token` (contract §1.7): the OAuth token endpoint the SDK refreshes with. Needs no
 * Stack headers: the project comes from `client_id`, the publishable key (or the public sentinel)
 * from `client_secret`. Form and JSON bodies; extra fields allowed.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { Hono } from "hono";
import { z } from "zod";
import { getClientIp } from "../../http/client-ip";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { publicClientSentinel } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import type { LoadedProject } from "../../services/projects/projects";
import { refreshAccessToken } from "../../services/sign-in/sessions";
import { handleAuthorizationCodeGrant } from "./oauth-code-grant";

const tokenBody = z.looseObject({
  grant_type: z.enum(["refresh_token", "authorization_code"]),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  refresh_token: z.string().optional(),
});

const noStoreHeaders = { "cache-control": "no-store", pragma: "no-cache" };

async function authenticateClient(
  deps: RouteDeps,
  clientId: string | undefined,
  clientSecret: string | undefined,
): Promise<LoadedProject> {
  const projectId = clientId?.split("#")[0];
  const branchId = clientId?.split("#")[1] ?? "main";
  const project = projectId ? await deps.projects.findProject(projectId) : null;
  if (!project || branchId !== "main") {
    throw knownErrors.invalidOauthClientIdOrSecret({ client_id: null });
  }
  const requiresKey = project.config.project.requirePublishableClientKey;
  if (!clientSecret || clientSecret === publicClientSentinel) {
    if (requiresKey) {
      throw knownErrors.publishableClientKeyRequiredForProject({ project_id: project.id });
    }
    if (!clientSecret) throw knownErrors.invalidOauthClientIdOrSecret({ client_id: null });
    return project;
  }
  const isValid = await deps.projects.isLiveKey(
    project.id,
    "publishable_client_key",
    clientSecret,
    deps.clock(),
  );
  if (!isValid) throw knownErrors.invalidOauthClientIdOrSecret({ client_id: null });
  return project;
}

export function createOAuthTokenRoutes(deps: RouteDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post(
    "/token",
    describeRoute({
      summary: "OAuth token endpoint (authorization code and refresh token grants)",
      callers: ["anyone"],
      body: tokenBody,
    }),
    async (c) => {
      const { body } = validateRequest(c, { body: tokenBody });
      const project = await authenticateClient(deps, body.client_id, body.client_secret);
      if (body.grant_type === "authorization_code") {
        return handleAuthorizationCodeGrant(c, deps, project, body);
      }
      if (!body.refresh_token) {
        return sendJson(
          c,
          { error: "invalid_request", error_description: "Missing parameter: `refresh_token`" },
          400,
          noStoreHeaders,
        );
      }
      const { accessToken } = await refreshAccessToken(
        deps,
        project,
        body.refresh_token,
        getClientIp(c, deps.trustProxy),
      );
      // A refresh writes no user: its time of activity goes to a batch, whose write makes this
      // process forget the user then (session-activity.ts, http/user-cache-own-writes.ts).
      c.set("writtenUsers", []);
      return sendJson(
        c,
        {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: deps.config.STACK_ACCESS_TOKEN_EXPIRATION_TIME,
          scope: "legacy",
          afterCallbackRedirectUrl: null,
          after_callback_redirect_url: null,
        },
        200,
        noStoreHeaders,
      );
    },
  );

  return app;
}
