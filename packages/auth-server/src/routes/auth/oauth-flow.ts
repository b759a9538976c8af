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
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthEnv, RouteDeps } from "../../http/context";
import { getEndUserCountryCode } from "../../http/end-user-country";
import { knownErrorResponse, statusErrorResponse } from "../../http/error-response";
import { publicClientSentinel } from "../../http/project-access";
import { sendJson } from "../../http/respond";
import { validateRequest } from "../../http/validate";
import { describeRoute } from "../../openapi/route-description";
import {
  createAuthorizationCode,
  createOuterFlow,
  type OuterFlow,
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
import { StatusError } from "../../services/shared/status-error";
import { verifyAccessToken } from "../../services/sign-in/tokens";

const providerParams = z.object({ provider_id: z.string() });
/** The reference's `urlSchema`: no spaces, and whatever the URL parser takes. */
const wireUrl = z.string().superRefine((value, context) => {
  if (value.includes(" ")) context.addIssue({ code: "custom", message: "contains spaces" });
  if (!URL.canParse(value)) context.addIssue({ code: "custom", message: "is not a valid URL" });
});
const authorizeQuery = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  redirect_uri: wireUrl,
  scope: z.string(),
  state: z.string().min(1),
  grant_type: z.literal("authorization_code"),
  code_challenge: z.string().min(1),
  code_challenge_method: z.enum(["S256", "plain"]),
  response_type: z.literal("code"),
  type: z.enum(["authenticate", "link"]).default("authenticate"),
  token: z.string().optional(),
  provider_scope: z.string().optional(),
  error_redirect_url: wireUrl.optional(),
  error_redirect_uri: wireUrl.optional(),
  after_callback_redirect_url: wireUrl.optional(),
  stack_response_mode: z.enum(["json", "redirect"]).optional(),
  hexclave_response_mode: z.enum(["json", "redirect"]).optional(),
});

/** Names of the cookie that ties the callback to the browser that started the flow. */
function innerCookieName(innerState: string): string {
  return `stack-oauth-inner-${innerState}`;
}

/** The outer flow's lifetime (10 minutes), also the inner cookie's. */
const innerCookieMaxAgeSeconds = 600;

/** The header that deletes the inner cookie, as the reference's cookie store writes it. */
function deletedInnerCookie(innerState: string): string {
  return `${innerCookieName(innerState)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
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

/** A known error sent back to the app (307, as the reference's redirect). */
function errorRedirect(target: string, error: KnownError): Response {
  const url = new URL(target);
  url.searchParams.set("error", "server_error");
  url.searchParams.set("error_description", error.message);
  url.searchParams.set("errorCode", error.code);
  url.searchParams.set("message", error.message);
  url.searchParams.set("details", JSON.stringify(error.details ?? {}));
  return new Response(null, { status: 307, headers: { location: url.toString() } });
}

/** The error's own answer with extra headers (the inner cookie's deletion). */
function errorAnswer(error: KnownError | StatusError, headers: Record<string, string>): Response {
  const response =
    error instanceof StatusError ? statusErrorResponse(error) : knownErrorResponse(error);
  return withHeaders(response, headers);
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.append(name, value);
  return response;
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
      const errorRedirectUrl = query.error_redirect_uri ?? query.error_redirect_url ?? null;
      const afterCallback = query.after_callback_redirect_url ?? null;
      if (query.type === "link" && !query.token) {
        throw plainErrors.oauthLinkTokenMissing();
      }
      // As the reference: the redirect and error URLs are checked where they are used (the
      // callback sends nobody to an untrusted one); the after-callback URL here.
      if (afterCallback !== null && !isTrustedOAuthRedirectUrl(project.config, afterCallback)) {
        throw knownErrors.redirectUrlNotWhitelisted();
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
      // Written as the reference writes it (its suite matches the attributes and their order). No
      // SameSite: a provider that posts its callback (Apple's form_post) comes from another site.
      const expires = new Date(deps.clock().getTime() + innerCookieMaxAgeSeconds * 1000);
      c.header(
        "set-cookie",
        `${innerCookieName(innerState)}=true; Path=/; Expires=${expires.toUTCString()}; Max-Age=${innerCookieMaxAgeSeconds};${deps.baseUrl.startsWith("https:") ? " Secure;" : ""} HttpOnly`,
      );
      return c.redirect(location, 307);
    },
  );

  /**
   * The provider's callback, in the reference's order: the flow named by the state, the inner
   * cookie (deleted in any case, browser flows only), then the provider's answer. Known errors go
   * back to the app (307 to its redirect URL, else its error URL) when one of them is trusted;
   * anything else, or with no trusted target, is answered here.
   */
  const callback = async (c: Context<AuthEnv>) => {
    const providerId = c.req.param("provider_id") ?? "";
    const input = readCallbackParams(c);
    const innerState = input.state ?? "";
    const taken = innerState ? await takeOuterFlow(deps, innerState) : null;
    if (taken?.status === "expired") throw knownErrors.outerOauthTimeout();
    if (taken?.status !== "ok") throw plainErrors.invalidOAuthState();
    const flow = taken.data;
    const cookieHeaders: Record<string, string> = {};
    if (flow.responseMode === "redirect") {
      cookieHeaders["set-cookie"] = deletedInnerCookie(innerState);
      if (getCookie(c, innerCookieName(innerState)) !== "true") {
        return errorAnswer(plainErrors.innerOAuthCookieMissing(), cookieHeaders);
      }
    }
    const project = await deps.projects.findProject(taken.projectId);
    if (!project) throw plainErrors.invalidOAuthState();
    const redirectTo = (error: KnownError): Response => {
      const target = [flow.redirectUri, flow.errorRedirectUrl].find(
        (url): url is string => url !== null && isTrustedOAuthRedirectUrl(project.config, url),
      );
      if (target === undefined) return errorAnswer(error, cookieHeaders);
      return withHeaders(errorRedirect(target, error), cookieHeaders);
    };
    try {
      const answer = await completeCallback(project, flow, providerId, input, c);
      return withHeaders(answer, cookieHeaders);
    } catch (error) {
      if (isKnownError(error)) return redirectTo(error);
      if (error instanceof StatusError) return errorAnswer(error, cookieHeaders);
      throw error;
    }
  };

  async function completeCallback(
    project: LoadedProject,
    flow: OuterFlow,
    providerId: string,
    input: Record<string, string>,
    c: Context<AuthEnv>,
  ): Promise<Response> {
    // The provider named by the callback URL: a code issued to another provider's client is
    // refused, as that provider would refuse it.
    const provider = await client.resolve(project.config, providerId);
    if (input.error) {
      throw input.error === "access_denied" || input.error === "consent_required"
        ? knownErrors.oauthProviderAccessDenied()
        : knownErrors.oauthProviderTemporarilyUnavailable();
    }
    if (!input.code) throw plainErrors.oauthCallbackWithoutCode();
    if (providerId !== flow.providerId) throw plainErrors.oauthInvalidGrant();
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
      deps.logger.warn({ provider: providerId, error: error.message }, "OAuth callback failed");
      if (error.kind === "invalid_grant") throw plainErrors.oauthInvalidGrant();
      if (error.kind === "invalid_profile") throw plainErrors.oauthUnusableProfile();
      throw knownErrors.oauthProviderTemporarilyUnavailable();
    }
    // Before anyone is signed in or linked: the app's redirect URL must be trusted (now: the
    // project's trusted domains may have changed since the flow started).
    if (!isTrustedOAuthRedirectUrl(project.config, flow.redirectUri)) {
      throw knownErrors.redirectUrlNotWhitelisted();
    }
    const result =
      flow.type === "link" && flow.userId
        ? await linkOAuthAccount(deps, project, {
            providerId,
            profile,
            userId: flow.userId,
          })
        : await signInWithOAuthAccount(deps, project, {
            providerId,
            profile,
            currentUserId: flow.userId,
            countryCode: getEndUserCountryCode(c),
          });
    await storeProviderTokens(deps, result.account.id, tokens);
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
    return new Response(null, { status: 303, headers: { location: target.toString() } });
  }

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
