/**
 * The browser half of OAuth sign-in (contract §2.16): `GET /auth/oauth/authorize/{provider_id}`
 * remembers what the app asked for and sends the browser to the provider; the provider comes back
 * to `GET|POST /auth/oauth/callback/{provider_id}`, which signs the user in (or links the account)
 * and sends the browser to the app's redirect URL with our own code. Neither takes Stack headers.
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { isKnownError, type KnownError, knownErrors } from "@heritage/auth-protocol";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { publicClientSentinel } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createAuthorizationCode,
  createOuterFlow,
  takeOuterFlow,
} from "../../services/oauth/flow-codes";
import {
  linkOAuthAccount,
  signInWithOAuthAccount,
  storeProviderTokens,
} from "../../services/oauth/oauth-accounts";
import {
  buildAuthorizationUrl,
  exchangeProviderCode,
  fetchProviderProfile,
  type ProviderClient,
  ProviderError,
} from "../../services/oauth/provider-client";
import { isTrustedOAuthRedirectUrl, stripCodeAndState } from "../../services/oauth/redirect-urls";
import type { LoadedProject } from "../../services/projects/projects";
import { plainErrors } from "../../services/shared/plain-errors";
import { verifyAccessToken } from "../../services/sign-in/tokens";

const providerParams = z.object({ provider_id: z.string() });
const authorizeQuery = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: z.string().min(1),
  scope: z.string(),
  state: z.string().min(1),
  grant_type: z.literal("authorization_code"),
  code_challenge: z.string().min(1),
  code_challenge_method: z.enum(["S256", "plain"]),
  response_type: z.literal("code"),
  type: z.enum(["authenticate", "link"]).default("authenticate"),
  token: z.string().optional(),
  provider_scope: z.string().optional(),
  error_redirect_url: z.string().optional(),
  error_redirect_uri: z.string().optional(),
  after_callback_redirect_url: z.string().optional(),
  stack_response_mode: z.enum(["json", "redirect"]).optional(),
  hexclave_response_mode: z.enum(["json", "redirect"]).optional(),
});

/** Names of the cookie that ties the callback to the browser that started the flow. */
function innerCookieName(innerState: string): string {
  return `stack-oauth-inner-${innerState}`;
}

function base64UrlSha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

async function authenticateOAuthClient(
  deps: RouteDeps,
  clientId: string,
  clientSecret: string,
): Promise<LoadedProject> {
  const [projectId, branchId = "main"] = clientId.split("#");
  const project = projectId ? await deps.projects.findProject(projectId) : null;
  if (!project || branchId !== "main") {
    throw knownErrors.invalidOauthClientIdOrSecret({ client_id: clientId });
  }
  if (clientSecret === publicClientSentinel) {
    if (project.config.project.requirePublishableClientKey) {
      throw knownErrors.publishableClientKeyRequiredForProject({ project_id: project.id });
    }
    return project;
  }
  const isValid = await deps.projects.isLiveKey(
    project.id,
    "publishable_client_key",
    clientSecret,
    deps.clock(),
  );
  if (!isValid) throw knownErrors.invalidPublishableClientKey({ project_id: project.id });
  return project;
}

/** The user id of the `token` query parameter (an access token of this project). */
async function userIdOfToken(deps: RouteDeps, project: LoadedProject, token: string) {
  const verified = await verifyAccessToken(deps, token);
  if (verified.projectId !== project.id) {
    throw plainErrors.oauthAccessTokenOfOtherProject();
  }
  return verified.claims.sub;
}

/**
 * Known errors of the callback that go back to the app as a redirect (the user is in a browser,
 * not in the app), as the reference does; anything else is answered here.
 */
const redirectedErrorCodes = new Set<string>([
  "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
  "SIGN_UP_NOT_ENABLED",
  "SIGN_UP_REJECTED",
  "OAUTH_PROVIDER_ACCESS_DENIED",
  "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
]);

function errorRedirect(c: Context, target: string, error: KnownError): Response {
  const url = new URL(target);
  url.searchParams.set("error", "server_error");
  url.searchParams.set("error_description", error.message);
  url.searchParams.set("errorCode", error.code);
  url.searchParams.set("message", error.message);
  url.searchParams.set("details", JSON.stringify(error.details ?? {}));
  return c.redirect(url.toString(), 303);
}

function readCallbackParams(c: Context<AuthEnv>): Record<string, string> {
  const params: Record<string, string> = { ...c.req.query() };
  const body = c.get("body");
  if (c.req.method === "POST" && typeof body === "object" && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string") params[key] = value;
    }
  }
  return params;
}

export function createOAuthFlowRoutes(deps: RouteDeps, client: ProviderClient): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();
  const apiBase = `${deps.baseUrl}/api/v1`;

  app.get(
    "/authorize/:provider_id",
    describeRoute({
      summary: "Start an OAuth sign-in or account connection (redirects to the provider)",
      callers: ["anyone"],
      params: providerParams,
      query: authorizeQuery,
    }),
    async (c) => {
      const { query, params } = validateRequest(c, {
        query: authorizeQuery,
        params: providerParams,
      });
      const project = await authenticateOAuthClient(deps, query.client_id, query.client_secret);
      if (query.scope !== "legacy") throw knownErrors.invalidScope({ scope: query.scope });
      const providerId = params.provider_id.toLowerCase();
      const provider = await client.resolve(project.config, providerId);
      if (query.type === "authenticate" && !provider.allowSignIn) {
        throw knownErrors.oauthProviderNotFoundOrNotEnabled();
      }
      const redirectUri = stripCodeAndState(query.redirect_uri);
      const errorRedirectUrl = query.error_redirect_url ?? query.error_redirect_uri ?? null;
      const afterCallback = query.after_callback_redirect_url ?? null;
      for (const url of [redirectUri, errorRedirectUrl, afterCallback]) {
        if (url !== null && !isTrustedOAuthRedirectUrl(project.config, url)) {
          throw knownErrors.redirectUrlNotWhitelisted();
        }
      }
      if (query.type === "link" && !query.token) {
        throw plainErrors.oauthLinkTokenMissing();
      }
      const userId = query.token ? await userIdOfToken(deps, project, query.token) : null;
      const providerScopes = (query.provider_scope ?? "").split(/\s+/).filter(Boolean);
      if (providerScopes.length > 0 && provider.isShared) {
        throw knownErrors.oauthExtraScopeNotAvailableWithSharedOauthKeys();
      }
      const responseMode = query.hexclave_response_mode ?? query.stack_response_mode ?? "redirect";
      const innerCodeVerifier = randomBytes(32).toString("base64url");
      const innerRedirectUri = `${apiBase}/auth/oauth/callback/${encodeURIComponent(providerId)}`;
      const innerState = await createOuterFlow(deps, project.id, {
        providerId,
        redirectUri,
        errorRedirectUrl,
        afterCallbackRedirectUrl: afterCallback,
        outerState: query.state,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        type: query.type,
        userId,
        providerScopes,
        innerCodeVerifier,
        innerRedirectUri,
        responseMode,
      });
      const location = buildAuthorizationUrl(provider, {
        redirectUri: innerRedirectUri,
        state: innerState,
        codeChallenge: base64UrlSha256(innerCodeVerifier),
        extraScopes: providerScopes,
      });
      if (responseMode === "json") return sendJson(c, { location });
      setCookie(c, innerCookieName(innerState), "true", {
        path: "/",
        maxAge: 600,
        httpOnly: true,
        secure: deps.baseUrl.startsWith("https:"),
        sameSite: "Lax",
      });
      return c.redirect(location, 307);
    },
  );

  const callback = async (c: Context<AuthEnv>) => {
    const input = readCallbackParams(c);
    const innerState = input.state;
    if (!innerState) throw plainErrors.invalidOAuthState();
    const taken = await takeOuterFlow(deps, innerState);
    if (taken.status === "expired") throw knownErrors.outerOauthTimeout();
    if (taken.status !== "ok") {
      throw plainErrors.invalidOAuthState();
    }
    const flow = taken.data;
    if (flow.responseMode === "redirect") {
      if (getCookie(c, innerCookieName(innerState)) === undefined) {
        throw plainErrors.innerOAuthCookieMissing();
      }
      setCookie(c, innerCookieName(innerState), "", { path: "/", maxAge: 0 });
    }
    const project = await deps.projects.findProject(taken.projectId);
    if (!project) throw plainErrors.invalidOAuthState();
    const errorTarget = flow.errorRedirectUrl ?? flow.redirectUri;
    try {
      if (input.error) {
        throw input.error === "access_denied"
          ? knownErrors.oauthProviderAccessDenied()
          : knownErrors.oauthProviderTemporarilyUnavailable();
      }
      if (!input.code) {
        throw plainErrors.oauthCallbackWithoutCode();
      }
      const provider = await client.resolve(project.config, flow.providerId);
      const now = deps.clock();
      let tokens: Awaited<ReturnType<typeof exchangeProviderCode>>;
      let profile: Awaited<ReturnType<typeof fetchProviderProfile>>;
      try {
        tokens = await exchangeProviderCode(
          provider,
          {
            code: input.code,
            redirectUri: flow.innerRedirectUri,
            codeVerifier: flow.innerCodeVerifier,
            requestedScopes: [...provider.defaultScopes, ...flow.providerScopes],
          },
          now,
        );
        profile = await fetchProviderProfile(client, provider, tokens, now);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        deps.logger.warn(
          { provider: flow.providerId, error: error.message },
          "OAuth callback failed",
        );
        if (error.kind === "invalid_grant") {
          throw plainErrors.oauthInvalidGrant();
        }
        if (error.kind === "invalid_profile") {
          throw plainErrors.oauthUnusableProfile();
        }
        throw knownErrors.oauthProviderTemporarilyUnavailable();
      }
      const result =
        flow.type === "link" && flow.userId
          ? await linkOAuthAccount(deps, project, {
              providerId: flow.providerId,
              profile,
              userId: flow.userId,
            })
          : await signInWithOAuthAccount(deps, project, {
              providerId: flow.providerId,
              profile,
              currentUserId: flow.userId,
            });
      await storeProviderTokens(deps, result.account.id, tokens);
      // Checked again: the project's trusted domains may have changed during the flow.
      if (!isTrustedOAuthRedirectUrl(project.config, flow.redirectUri)) {
        throw knownErrors.redirectUrlNotWhitelisted();
      }
      const code = await createAuthorizationCode(deps, project.id, {
        userId: result.user.row.id,
        isNewUser: result.isNewUser,
        redirectUri: flow.redirectUri,
        codeChallenge: flow.codeChallenge,
        codeChallengeMethod: flow.codeChallengeMethod,
        afterCallbackRedirectUrl: flow.afterCallbackRedirectUrl,
      });
      const target = new URL(flow.redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", flow.outerState);
      return c.redirect(target.toString(), 303);
    } catch (error) {
      if (isKnownError(error) && redirectedErrorCodes.has(error.code)) {
        return errorRedirect(c, errorTarget, error);
      }
      throw error;
    }
  };
  app.get(
    "/callback/:provider_id",
    describeRoute({ summary: "OAuth provider callback (GET)", callers: ["anyone"] }),
    callback,
  );
  app.post(
    "/callback/:provider_id",
    describeRoute({ summary: "OAuth provider callback (form POST)", callers: ["anyone"] }),
    callback,
  );

  return app;
}
