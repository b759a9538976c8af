/**
 * The integration OAuth flow, `/integrations/{neon,custom}/...` (the reference's): a partner sends
 * its user to `oauth/authorize`; the OpenID provider below `oauth/idp` (services/integrations/
 * integration-idp.ts) sends the user to the dashboard, which picks the project and calls
 * `internal/confirm` for a one-time code; back at the provider the code finishes the interaction,
 * and the partner's `oauth/token` exchange receives the project's new admin key.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { requireAccess } from "../../http/project-access";
import { sendJson, sendText } from "../../http/respond";
import { emptyQuery, throwSchemaError, validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createIntegrationIdp,
  integrationIdpId,
} from "../../services/integrations/integration-idp";
import { storeConfirmationCode } from "../../services/integrations/integration-idp-store";
import type { IntegrationKind } from "../../services/integrations/provisioned-projects";
import { createProjectKeySet } from "../../services/projects/project-keys";
import { findProjectSealed, internalProjectId } from "../../services/projects/projects";
import { type IntegrationSettings, requireIntegrationClient } from "./integration-settings";

const authorizeQuery = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  state: z.string(),
  code_challenge: z.string(),
  code_challenge_method: z.enum(["S256"]),
  response_type: z.enum(["code"]),
});
const tokenBody = z.object({
  grant_type: z.enum(["authorization_code"]),
  code: z.string(),
  code_verifier: z.string(),
  redirect_uri: z.string(),
});
const tokenAnswer = z.strictObject({
  access_token: z.string(),
  token_type: z.literal("api_key"),
  project_id: z.string(),
});
const confirmBody = z.object({
  interaction_uid: z.string(),
  project_id: z.string(),
  external_project_name: z.string().optional(),
});
const confirmAnswer = z.strictObject({ authorization_code: z.string() });

/** The admin key a confirmed flow hands over lasts as long as a provisioned one (100 years). */
const connectedKeyLifetimeMillis = 100 * 365 * 24 * 60 * 60 * 1000;

/** The provider's own path below the family, from the request's path. */
function idpSubPath(c: Context): string {
  const url = new URL(c.req.url);
  const marker = "/oauth/idp";
  const rest = url.pathname.slice(url.pathname.indexOf(marker) + marker.length);
  return `${rest === "" ? "/" : rest}${url.search}`;
}

/** `oauth`, `oauth/authorize`, `oauth/token` and the provider below `oauth/idp`. */
export function createIntegrationOAuthRoutes(
  deps: RouteDeps,
  kind: IntegrationKind,
  settings: IntegrationSettings,
): Hono<AuthEnv> {
  const idp = createIntegrationIdp(deps, {
    kind,
    clients: settings.clients,
    dashboardUrl: settings.dashboardUrl,
  });
  const familyUrl = `${deps.baseUrl}/api/v1/integrations/${kind}/oauth`;
  const app = new Hono<AuthEnv>();

  app.get(
    "/",
    describeRoute({
      summary: "Name the integration OAuth flow's endpoints",
      callers: ["anyone"],
      responseMediaType: "text/plain",
    }),
    (c) =>
      sendText(
        c,
        `Authorization endpoint: ${familyUrl}/authorize\nToken endpoint: ${familyUrl}/token`,
      ),
  );

  app.get(
    "/authorize",
    describeRoute({
      summary: "Start the integration OAuth flow",
      description:
        "Redirects (307) to the OpenID provider's authorization endpoint with `scope=openid`; PKCE (S256) is required.",
      callers: ["anyone"],
      query: authorizeQuery,
      successStatus: 307,
    }),
    (c) => {
      validateRequest(c, { query: authorizeQuery });
      const target = new URL(`${familyUrl}/idp/auth`);
      // The partner's parameters in its own order, as the reference passes them on.
      for (const [name, value] of new URL(c.req.url).searchParams)
        target.searchParams.append(name, value);
      target.searchParams.set("scope", "openid");
      return new Response(null, { status: 307, headers: { location: target.toString() } });
    },
  );

  app.post(
    "/token",
    describeRoute({
      summary: "Exchange an integration flow's code for the project's admin key",
      description:
        "Authenticated with HTTP Basic `client_id:client_secret` of an integration client. The code, its PKCE verifier and redirect URI are checked by the OpenID provider; its refusal is passed on as text. The admin key is handed over once.",
      callers: ["anyone"],
      body: tokenBody,
      response: tokenAnswer,
    }),
    async (c) => {
      const { body } = validateRequest(c, { body: tokenBody });
      requireIntegrationClient(c, settings);
      const exchanged = await idp.exchangeCode(body, c.req.header("authorization") ?? "");
      if (!exchanged.ok) {
        return new Response(exchanged.body, {
          status: exchanged.status,
          headers: { "content-type": "text/plain; charset=utf-8" },
        });
      }
      return sendJson(c, exchanged.result);
    },
  );

  app.all(
    "/idp/:path{.+}",
    describeRoute({
      summary: "The integration flow's OpenID provider",
      description:
        "oidc-provider's endpoints (`auth`, `token`, `me`, `jwks`, `.well-known/openid-configuration`, …) and the interaction pages that send the user to the dashboard and back.",
      callers: ["anyone"],
      responseMediaType: "text/html",
    }),
    async (c) => idp.handle(await withCachedBody(c), idpSubPath(c)),
  );

  return app;
}

/**
 * The request for oidc-provider, its body read through Hono's body cache: the embedder may have
 * filled the cache straight from Node's stream (apps/server's body limits), and then the Fetch
 * Request's own body is never read.
 */
async function withCachedBody(c: Context<AuthEnv>): Promise<Request> {
  const { raw } = c.req;
  if (raw.method === "GET" || raw.method === "HEAD") return raw;
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: await c.req.arrayBuffer(),
  });
}

/**
 * `internal/confirm`: the dashboard (the `internal` project's server) confirms the flow for a
 * project, which receives a new admin key; the answer is the one-time code that finishes the
 * interaction.
 */
export function createIntegrationConfirmRoutes(
  deps: RouteDeps,
  kind: IntegrationKind,
): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  app.post(
    "/",
    describeRoute({
      summary: "Confirm an integration OAuth flow for a project",
      description:
        "The dashboard's call, with the `internal` project's server or admin access. Makes a key set holding a super secret admin key for the project and answers the one-time code (an hour) that finishes the interaction.",
      callers: ["server", "admin"],
      query: emptyQuery,
      body: confirmBody,
      response: confirmAnswer,
    }),
    async (c) => {
      const auth = requireAccess(c, ["server", "admin"]);
      const { body } = validateRequest(c, { query: emptyQuery, body: confirmBody });
      if (auth.project.id !== internalProjectId) {
        throwSchemaError(c, ["auth.project.id must be one of the following values: internal"]);
      }
      const project = await findProjectSealed(deps.db, body.project_id);
      if (!project) throw knownErrors.projectNotFound({ project_id: body.project_id });
      const now = deps.clock();
      const name = body.external_project_name;
      const code = deps.ids.generateToken();
      // The key and the code that hands it over are made together, or neither.
      await deps.db.transaction(async (tx) => {
        const { keys } = await createProjectKeySet(tx, deps.ids, {
          projectId: project.id,
          description: `Auto-generated for ${name ? `"${name}"` : "an external project"} (DO NOT DELETE)`,
          expiresAt: new Date(now.getTime() + connectedKeyLifetimeMillis),
          now,
          keys: { superSecretAdminKey: true },
        });
        if (!keys.superSecretAdminKey)
          throw new Error("The key set was made without its admin key");
        await storeConfirmationCode(
          { ...deps, db: tx },
          {
            idpId: integrationIdpId(kind),
            code,
            interactionUid: body.interaction_uid,
            result: {
              access_token: keys.superSecretAdminKey,
              token_type: "api_key",
              project_id: project.id,
            },
          },
        );
      });
      return sendJson(c, { authorization_code: code });
    },
  );
  return app;
}
