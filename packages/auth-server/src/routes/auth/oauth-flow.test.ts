/**
 * OAuth sign-in end to end (contract §2.16): authorize, the loopback provider (real HTTP, real
 * codes, PKCE, signed id_tokens), our callback, and the code exchange at `POST /auth/oauth/token`.
 */
import { createHash, randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { oauthAccounts, oauthFlowCodes, users } from "../../db/schema";
import { generateTotpCode } from "../../services/credentials/totp";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { followOAuthRedirects } from "../../testing/oauth-redirects";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let provider: TestOAuthProvider;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

const appCallback = "http://localhost:3000/handler/oauth-callback";

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  t = await createTestAuthApi({
    clock,
    oauth: {
      // The loopback provider also plays GitHub (its JSON routes below) and a shared Google app.
      endpointOverrides: {
        github: {
          authorizationEndpoint: `${provider.issuer}/authorize`,
          tokenEndpoint: `${provider.issuer}/token`,
          userinfoEndpoint: `${provider.issuer}/github/user`,
        },
        google: {
          authorizationEndpoint: `${provider.issuer}/authorize`,
          tokenEndpoint: `${provider.issuer}/token`,
          userinfoEndpoint: `${provider.issuer}/userinfo`,
        },
      },
    },
    // The platform's shared Google app, configured as the operator would.
    env: {
      STACK_SHARED_OAUTH_PROVIDERS: JSON.stringify({
        google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
      }),
    },
  });
  project = await createOAuthProject();
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

function createOAuthProject(
  options: {
    mergeStrategy?: "link_method" | "raise_error" | "allow_duplicates";
    signUp?: boolean;
  } = {},
) {
  const standard = {
    isShared: false,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  };
  return t.createProject({
    config: {
      auth: {
        ...(options.signUp === false ? { allowSignUp: false } : {}),
        oauth: {
          ...(options.mergeStrategy ? { accountMergeStrategy: options.mergeStrategy } : {}),
          providers: {
            loopback: { type: "oidc", issuerUrl: provider.issuer, ...standard },
            github: { type: "github", ...standard },
            google: { type: "google", isShared: true },
          },
        },
      },
    },
  });
}

type Project = Awaited<ReturnType<typeof createOAuthProject>>;

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(
  target: Project,
  providerId: string,
  options: {
    challenge: string;
    state?: string;
    redirectUri?: string;
    params?: Record<string, string>;
  },
): string {
  const query = new URLSearchParams({
    client_id: target.id,
    client_secret: target.keys.publishableClientKey,
    redirect_uri: options.redirectUri ?? appCallback,
    scope: "legacy",
    state: options.state ?? "outer-state-1",
    grant_type: "authorization_code",
    code_challenge: options.challenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: "authenticate",
    error_redirect_url: "http://localhost:3000/handler/error",
    ...options.params,
  });
  return `/api/v1/auth/oauth/authorize/${providerId}?${query}`;
}

function exchange(target: Project, fields: Record<string, string>) {
  return t.app.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: target.id,
      client_secret: target.keys.publishableClientKey,
      redirect_uri: appCallback,
      ...fields,
    }),
  });
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  is_new_user: boolean;
  after_callback_redirect_url: string | null;
}

/** The whole dance: returns the code exchange's answer. */
async function signInWithProvider(
  target: Project,
  providerId = "loopback",
  params: Record<string, string> = {},
): Promise<TokenAnswer> {
  const { verifier, challenge } = pkce();
  const hops = await followOAuthRedirects(
    t,
    authorizeUrl(target, providerId, { challenge, params }),
  );
  const code = hops.appRedirect?.searchParams.get("code");
  if (!code) throw new Error(`No code: ${hops.callback?.status} ${await hops.callback?.text()}`);
  const answer = await exchange(target, { code, code_verifier: verifier });
  expect(answer.status).toBe(200);
  return (await answer.json()) as TokenAnswer;
}

async function me(target: Project, accessToken: string) {
  const response = await t.request("/users/me", {
    accessType: "client",
    projectId: target.id,
    accessToken,
    headers: { "x-stack-allow-anonymous-user": "true" },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function countRows(table: typeof users | typeof oauthAccounts, projectId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(table)
    .where(eq(table.projectId, projectId));
  return row?.value ?? 0;
}

describe("OAuth sign-in with an OIDC provider found by discovery", () => {
  it("signs a new user up and redirects to the app with our code and the app's state", async () => {
    provider.signInAs({
      sub: "ada-1",
      email: "Ada@Example.org",
      email_verified: true,
      name: "Ada Lovelace",
      picture: "https://images.example.org/ada.png",
    });
    const { verifier, challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", {
        challenge,
        state: "app-state-42",
        params: { after_callback_redirect_url: "http://localhost:3000/welcome" },
      }),
    );
    expect(hops.authorize.status).toBe(307);
    expect(hops.authorize.headers.get("set-cookie")).toMatch(
      /^stack-oauth-inner-[a-z0-9]+=true;.*HttpOnly/,
    );
    // Our own PKCE towards the provider, never the app's challenge.
    expect(hops.providerUrl?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(hops.providerUrl?.searchParams.get("code_challenge")).not.toBe(challenge);
    expect(hops.providerUrl?.searchParams.get("scope")).toBe("openid email profile");
    expect(hops.callback?.status).toBe(303);
    expect(`${hops.appRedirect?.origin}${hops.appRedirect?.pathname}`).toBe(appCallback);
    expect(hops.appRedirect?.searchParams.get("state")).toBe("app-state-42");

    const code = hops.appRedirect?.searchParams.get("code") ?? "";
    const answer = await exchange(project, { code, code_verifier: verifier });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const tokens = (await answer.json()) as TokenAnswer & Record<string, unknown>;
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      scope: "legacy",
      is_new_user: true,
      newUser: true,
      after_callback_redirect_url: "http://localhost:3000/welcome",
      afterCallbackRedirectUrl: "http://localhost:3000/welcome",
    });
    expect(await me(project, tokens.access_token)).toMatchObject({
      primary_email: "ada@example.org",
      primary_email_verified: true,
      display_name: "Ada Lovelace",
      profile_image_url: "https://images.example.org/ada.png",
    });
    // The refresh token works like any session's.
    const refreshed = await t.app.request("/api/v1/auth/oauth/token", {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: project.id,
        client_secret: project.keys.publishableClientKey,
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refreshed.status).toBe(200);
    expect(provider.tokenRequests.at(-1)).toEqual({
      grantType: "authorization_code",
      clientAuth: "post",
    });
  });

  it("signs the same provider account in again as the same user", async () => {
    provider.signInAs({ sub: "returning-1", email: "returning@example.org", email_verified: true });
    const first = await signInWithProvider(project);
    const second = await signInWithProvider(project);
    expect(second.is_new_user).toBe(false);
    expect((await me(project, second.access_token)).id).toBe(
      (await me(project, first.access_token)).id,
    );
  });

  it("answers in JSON mode with the provider URL and needs no cookie at the callback", async () => {
    provider.signInAs({ sub: "json-mode-1" });
    const { verifier, challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", { challenge, params: { hexclave_response_mode: "json" } }),
    );
    expect(hops.authorize.status).toBe(200);
    expect(hops.authorize.headers.get("set-cookie")).toBeNull();
    const code = hops.appRedirect?.searchParams.get("code") ?? "";
    const answer = await exchange(project, { code, code_verifier: verifier });
    const tokens = (await answer.json()) as TokenAnswer;
    // A provider without an e-mail gives a user without one.
    expect(await me(project, tokens.access_token)).toMatchObject({ primary_email: null });
  });
});

describe("the client project config", () => {
  it("lists sign-in providers: presets by type, the OIDC provider by its id", async () => {
    const response = await t.request("/projects/current", {
      accessType: "client",
      projectId: project.id,
    });
    const body = (await response.json()) as { config: { enabled_oauth_providers: unknown } };
    expect(body.config.enabled_oauth_providers).toEqual([
      { id: "github" },
      { id: "google" },
      { id: "loopback" },
    ]);
  });
});

describe("the code exchange", () => {
  async function freshCode(params: Record<string, string> = {}, redirectUri = appCallback) {
    provider.signInAs({ sub: `exchange-${randomBytes(4).toString("hex")}` });
    const { verifier, challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", { challenge, redirectUri, params }),
    );
    return { code: hops.appRedirect?.searchParams.get("code") ?? "", verifier };
  }

  it("redeems a code once", async () => {
    const { code, verifier } = await freshCode();
    expect((await exchange(project, { code, code_verifier: verifier })).status).toBe(200);
    await expectKnownError(
      await exchange(project, { code, code_verifier: verifier }),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
  });

  it("refuses a wrong PKCE verifier, an unknown code and a code of another project", async () => {
    const { code, verifier } = await freshCode();
    await expectKnownError(
      await exchange(project, { code, code_verifier: `${verifier}x` }),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
    await expectKnownError(
      await exchange(project, { code: "no-such-code", code_verifier: verifier }),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
    const other = await createOAuthProject();
    const second = await freshCode();
    await expectKnownError(
      await exchange(other, { code: second.code, code_verifier: second.verifier }),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
  });

  it("expires codes after 5 minutes", async () => {
    const { code, verifier } = await freshCode();
    t.clock.advance(5 * 60 * 1000 + 1);
    await expectKnownError(
      await exchange(project, { code, code_verifier: verifier }),
      "INVALID_AUTHORIZATION_CODE",
      400,
    );
  });

  it("compares redirect URIs without code, state and fragment", async () => {
    const withExtras = `${appCallback}?code=old&state=old#fragment`;
    const { code, verifier } = await freshCode({}, withExtras);
    await expectTextError(
      await exchange(project, {
        code,
        code_verifier: verifier,
        redirect_uri: "http://localhost:3000/elsewhere",
      }),
      400,
      "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code.",
    );
    const again = await freshCode({}, withExtras);
    const answer = await exchange(project, {
      code: again.code,
      code_verifier: again.verifier,
      redirect_uri: `${appCallback}?code=${again.code}&state=outer-state-1`,
    });
    expect(answer.status).toBe(200);
  });

  it("answers a missing verifier OAuth-style", async () => {
    const { code } = await freshCode();
    const answer = await exchange(project, { code });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: "invalid_request",
      error_description: "Missing parameter: `code_verifier`",
    });
  });

  it("asks a TOTP user for the second factor, redeemed at POST /auth/mfa/sign-in", async () => {
    provider.signInAs({ sub: "totp-user" });
    const first = await signInWithProvider(project);
    const userId = (await me(project, first.access_token)).id as string;
    const secret = randomBytes(20).toString("base64");
    await t.db.update(users).set({ totpSecretBase64: secret }).where(eq(users.id, userId));
    const { verifier, challenge } = pkce();
    const hops = await followOAuthRedirects(t, authorizeUrl(project, "loopback", { challenge }));
    const code = hops.appRedirect?.searchParams.get("code") ?? "";
    const body = await expectKnownError(
      await exchange(project, { code, code_verifier: verifier }),
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      400,
    );
    const signedIn = await t.request("/auth/mfa/sign-in", {
      accessType: "client",
      projectId: project.id,
      body: {
        type: "totp",
        totp: generateTotpCode(secret, t.clock()),
        code: body.details?.attempt_code,
      },
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user_id: userId, is_new_user: false });
  });
});

describe("authorize rejects bad requests without starting a flow", () => {
  async function flowCount() {
    const [row] = await t.db.select({ value: count() }).from(oauthFlowCodes);
    return row?.value ?? 0;
  }

  it("refuses an untrusted after-callback URL, unknown providers, clients and scopes", async () => {
    const before = await flowCount();
    const { challenge } = pkce();
    await expectKnownError(
      await t.app.request(
        authorizeUrl(project, "loopback", {
          challenge,
          params: { after_callback_redirect_url: "https://evil.example.com/after" },
        }),
      ),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    await expectKnownError(
      await t.app.request(authorizeUrl(project, "gitlab", { challenge })),
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
      400,
    );
    await expectKnownError(
      await t.app.request(
        authorizeUrl({ ...project, id: "no-such-project" }, "loopback", { challenge }),
      ),
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
      400,
    );
    await expectKnownError(
      await t.app.request(
        authorizeUrl(
          { ...project, keys: { ...project.keys, publishableClientKey: "pck_wrong" } },
          "loopback",
          {
            challenge,
          },
        ),
      ),
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      401,
    );
    await expectKnownError(
      await t.app.request(
        authorizeUrl(project, "loopback", { challenge, params: { scope: "openid" } }),
      ),
      "INVALID_SCOPE",
      400,
    );
    await expectKnownError(
      await t.app.request(
        authorizeUrl(project, "google", { challenge, params: { provider_scope: "drive" } }),
      ),
      "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      400,
    );
    const schema = await expectKnownError(
      await t.app.request(
        authorizeUrl(project, "loopback", {
          challenge: "",
          params: { code_challenge_method: "S512" },
        }),
      ),
      "SCHEMA_ERROR",
      400,
    );
    expect(schema.error).toContain("query.code_challenge_method");
    await expectTextError(
      await t.app.request(
        authorizeUrl(project, "loopback", { challenge, params: { type: "link" } }),
      ),
      400,
      "?token= query parameter is required for link type",
    );
    const badUrl = await expectKnownError(
      await t.app.request(
        authorizeUrl(project, "loopback", { challenge, redirectUri: "not a url" }),
      ),
      "SCHEMA_ERROR",
      400,
    );
    expect(badUrl.error).toContain("query.redirect_uri contains spaces");
    expect(badUrl.error).toContain("query.redirect_uri is not a valid URL");
    expect(await flowCount()).toBe(before);
  });
});

/** The inner cookie's deletion, as the reference's cookie store writes it. */
const deletedCookie = /^stack-oauth-inner-[^;]+=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT$/;

describe("the provider callback", () => {
  it("refuses an unknown state, a missing inner cookie and a timed-out flow", async () => {
    await expectTextError(
      await t.app.request("/api/v1/auth/oauth/callback/loopback?code=x&state=unknown"),
      400,
      "Invalid OAuth state. Please try signing in again.",
    );

    provider.signInAs({ sub: "cookie-less" });
    const { challenge } = pkce();
    const authorize = await t.app.request(authorizeUrl(project, "loopback", { challenge }));
    const atProvider = await fetch(authorize.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    const withoutCookie = await t.app.request(`${back.pathname}${back.search}`);
    expect(withoutCookie.status).toBe(400);
    expect(await withoutCookie.text()).toMatch(/^Inner OAuth cookie not found/);

    const late = await t.app.request(authorizeUrl(project, "loopback", { challenge }));
    const lateAtProvider = await fetch(late.headers.get("location") ?? "", { redirect: "manual" });
    const lateBack = new URL(lateAtProvider.headers.get("location") ?? "");
    t.clock.advance(10 * 60 * 1000 + 1);
    await expectKnownError(
      await t.app.request(`${lateBack.pathname}${lateBack.search}`, {
        headers: { cookie: (late.headers.get("set-cookie") ?? "").split(";")[0] ?? "" },
      }),
      "OUTER_OAUTH_TIMEOUT",
      408,
    );
  });

  it("sends a refusal at the provider back to the app's redirect URL (307)", async () => {
    provider.signInAs("deny");
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(t, authorizeUrl(project, "loopback", { challenge }));
    expect(hops.callback?.status).toBe(307);
    // The redirect URL first, as the reference: the error URL only when it alone is trusted.
    expect(hops.appRedirect?.pathname).toBe("/handler/oauth-callback");
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    expect(hops.appRedirect?.searchParams.get("error")).toBe("server_error");
  });

  it.each(["authorization", "token"] as const)(
    "sends a provider outage (%s) back to the app and keeps no user",
    async (outage) => {
      const before = await countRows(users, project.id);
      provider.signInAs({
        sub: `outage-${outage}`,
        email: `outage-${outage}@example.org`,
        email_verified: true,
      });
      provider.setOutage(outage);
      try {
        const { challenge } = pkce();
        const hops = await followOAuthRedirects(
          t,
          authorizeUrl(project, "loopback", { challenge }),
        );
        expect(hops.appRedirect?.pathname).toBe("/handler/oauth-callback");
        expect(hops.appRedirect?.searchParams.get("errorCode")).toBe(
          "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
        );
        expect(hops.appRedirect?.searchParams.get("code")).toBeNull();
      } finally {
        provider.setOutage(null);
      }
      expect(await countRows(users, project.id)).toBe(before);
    },
  );

  it("checks the app's redirect URL at the callback, before anyone is signed up", async () => {
    const before = await countRows(users, project.id);
    provider.signInAs({ sub: "evil-redirect", email: "evil@example.org", email_verified: true });
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", {
        challenge,
        redirectUri: "https://evil.example.com/cb",
        params: { error_redirect_url: "https://evil.example.com/error" },
      }),
    );
    expect(hops.authorize.status).toBe(307);
    const callback = hops.callback as Response;
    expect(callback.headers.get("set-cookie")).toMatch(deletedCookie);
    await expectKnownError(callback, "REDIRECT_URL_NOT_WHITELISTED", 400);
    expect(await countRows(users, project.id)).toBe(before);
  });

  it("sends an error to the app's error URL when only that one is trusted", async () => {
    provider.signInAs("deny");
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", {
        challenge,
        redirectUri: "https://evil.example.com/cb",
      }),
    );
    expect(hops.callback?.status).toBe(307);
    expect(hops.appRedirect?.pathname).toBe("/handler/error");
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  });

  it("sets the inner cookie as the reference writes it and deletes it at the callback", async () => {
    provider.signInAs({ sub: "cookie-format" });
    const { challenge } = pkce();
    const authorize = await t.app.request(authorizeUrl(project, "loopback", { challenge }));
    expect(authorize.headers.get("set-cookie")).toMatch(
      /^stack-oauth-inner-[^;]+=true; Path=\/; Expires=[^;]+ GMT; Max-Age=600; HttpOnly$/,
    );
    const atProvider = await fetch(authorize.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    // Without the cookie: refused, and the (absent) cookie deleted all the same.
    const withoutCookie = await t.app.request(`${back.pathname}${back.search}`);
    expect(withoutCookie.headers.get("set-cookie")).toMatch(deletedCookie);
    expect(withoutCookie.status).toBe(400);
  });

  it("refuses a code brought back to another provider's callback as an invalid grant", async () => {
    provider.signInAs({ sub: "wrong-path" });
    const { challenge } = pkce();
    const authorize = await t.app.request(authorizeUrl(project, "loopback", { challenge }));
    const atProvider = await fetch(authorize.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    const callback = await t.app.request(`/api/v1/auth/oauth/callback/github${back.search}`, {
      headers: { cookie: (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? "" },
    });
    expect(callback.headers.get("set-cookie")).toMatch(deletedCookie);
    await expectTextError(
      callback,
      400,
      "Inner OAuth callback failed due to invalid grant. Please try again.",
    );
  });

  it("accepts the provider's form_post callback", async () => {
    provider.signInAs({ sub: "form-post-1" });
    const { verifier, challenge } = pkce();
    const authorize = await t.app.request(authorizeUrl(project, "loopback", { challenge }));
    const atProvider = await fetch(authorize.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location") ?? "");
    const callback = await t.app.request(back.pathname, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
      },
      body: back.searchParams,
    });
    expect(callback.status).toBe(303);
    const code = new URL(callback.headers.get("location") ?? "").searchParams.get("code") ?? "";
    expect((await exchange(project, { code, code_verifier: verifier })).status).toBe(200);
  });

  it("refuses sign-up when the project has it off, and keeps no user", async () => {
    const closed = await createOAuthProject({ signUp: false });
    provider.signInAs({ sub: "no-sign-up", email: "nosignup@example.org", email_verified: true });
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(t, authorizeUrl(closed, "loopback", { challenge }));
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe("SIGN_UP_NOT_ENABLED");
    expect(await countRows(users, closed.id)).toBe(0);
  });
});

describe("account merge strategies when the provider's e-mail already signs someone in", () => {
  async function existingUser(target: Project, email: string, verified: boolean) {
    const created = await t.request("/users", {
      accessType: "server",
      projectId: target.id,
      body: {
        primary_email: email,
        primary_email_auth_enabled: true,
        primary_email_verified: verified,
      },
    });
    return ((await created.json()) as { id: string }).id;
  }

  it("link_method links to the owner of a verified address", async () => {
    const target = await createOAuthProject({ mergeStrategy: "link_method" });
    const ownerId = await existingUser(target, "owner@example.org", true);
    provider.signInAs({ sub: "merge-link", email: "owner@example.org", email_verified: true });
    const tokens = await signInWithProvider(target);
    expect(tokens.is_new_user).toBe(false);
    expect((await me(target, tokens.access_token)).id).toBe(ownerId);
    expect(await countRows(users, target.id)).toBe(1);
  });

  it("link_method refuses an unverified address, saying verification would help", async () => {
    const target = await createOAuthProject({ mergeStrategy: "link_method" });
    await existingUser(target, "unverified@example.org", false);
    provider.signInAs({
      sub: "merge-unverified",
      email: "unverified@example.org",
      email_verified: true,
    });
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(t, authorizeUrl(target, "loopback", { challenge }));
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe(
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    );
    expect(JSON.parse(hops.appRedirect?.searchParams.get("details") ?? "{}")).toMatchObject({
      would_work_if_email_was_verified: true,
    });
    expect(await countRows(oauthAccounts, target.id)).toBe(0);
  });

  it("raise_error refuses even a verified address", async () => {
    const target = await createOAuthProject({ mergeStrategy: "raise_error" });
    await existingUser(target, "strict@example.org", true);
    provider.signInAs({ sub: "merge-raise", email: "strict@example.org", email_verified: true });
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(t, authorizeUrl(target, "loopback", { challenge }));
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe(
      "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
    );
    expect(await countRows(users, target.id)).toBe(1);
  });

  it("allow_duplicates creates a second user whose address does not sign in", async () => {
    const target = await createOAuthProject({ mergeStrategy: "allow_duplicates" });
    const ownerId = await existingUser(target, "twice@example.org", true);
    provider.signInAs({ sub: "merge-dup", email: "twice@example.org", email_verified: true });
    const tokens = await signInWithProvider(target);
    expect(tokens.is_new_user).toBe(true);
    const user = await me(target, tokens.access_token);
    expect(user.id).not.toBe(ownerId);
    expect(user.primary_email).toBe("twice@example.org");
    const server = await t.request(`/users/${user.id as string}`, {
      accessType: "server",
      projectId: target.id,
    });
    expect(await server.json()).toMatchObject({ primary_email_auth_enabled: false });
  });
});

describe("linking and anonymous upgrade", () => {
  it("links a provider account to the signed-in user, and refuses it for another user", async () => {
    const alice = await t.signUpUser(project.id);
    provider.signInAs({ sub: "linked-1", email: "someone-else@example.org", email_verified: true });
    const tokens = await signInWithProvider(project, "loopback", {
      type: "link",
      token: alice.accessToken,
    });
    expect(tokens.is_new_user).toBe(false);
    expect((await me(project, tokens.access_token)).id).toBe(alice.userId);
    const [account] = await t.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerAccountId, "linked-1"));
    expect(account?.userId).toBe(alice.userId);

    const bob = await t.signUpUser(project.id);
    const { challenge } = pkce();
    const hops = await followOAuthRedirects(
      t,
      authorizeUrl(project, "loopback", {
        challenge,
        params: { type: "link", token: bob.accessToken },
      }),
    );
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe(
      "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
    );
  });

  it("refuses a link token of another project", async () => {
    const other = await createOAuthProject();
    const stranger = await t.signUpUser(other.id);
    const { challenge } = pkce();
    const response = await t.app.request(
      authorizeUrl(project, "loopback", {
        challenge,
        params: { type: "link", token: stranger.accessToken },
      }),
    );
    expect(response.status).toBe(403);
  });

  it("upgrades the anonymous user of the token instead of creating another", async () => {
    // An anonymous user as POST /auth/anonymous/sign-up leaves one, made directly.
    const created = await t.request("/users", {
      accessType: "server",
      projectId: project.id,
      body: {},
    });
    const user_id = ((await created.json()) as { id: string }).id;
    await t.db.update(users).set({ isAnonymous: true }).where(eq(users.id, user_id));
    const session = await t.request("/auth/sessions", {
      accessType: "server",
      projectId: project.id,
      body: { user_id },
    });
    const { access_token } = (await session.json()) as { access_token: string };
    expect((await me(project, access_token)).is_anonymous).toBe(true);
    provider.signInAs({ sub: "upgrade-1", email: "upgraded@example.org", email_verified: true });
    const tokens = await signInWithProvider(project, "loopback", { token: access_token });
    expect(tokens.is_new_user).toBe(false);
    expect(await me(project, tokens.access_token)).toMatchObject({
      id: user_id,
      is_anonymous: false,
      primary_email: "upgraded@example.org",
    });
  });

  it("signs a new user up when the token's user was deleted since", async () => {
    provider.signInAs({ sub: "returning-1" });
    const first = await signInWithProvider(project);
    const firstId = (await me(project, first.access_token)).id as string;
    const deleted = await t.request(`/users/${firstId}`, {
      method: "DELETE",
      accessType: "server",
      projectId: project.id,
    });
    expect(deleted.status).toBe(200);
    // The e2e suite keeps sending the deleted user's (still unexpired) access token.
    const again = await signInWithProvider(project, "loopback", { token: first.access_token });
    expect(again.is_new_user).toBe(true);
    expect((await me(project, again.access_token)).id).not.toBe(firstId);
  });
});

describe("users created by the server API with oauth_providers", () => {
  it("stores the accounts, which then sign that user in; a taken account id stores nothing", async () => {
    const target = await createOAuthProject();
    const created = await t.request("/users", {
      accessType: "server",
      projectId: target.id,
      body: {
        primary_email: "imported@example.org",
        oauth_providers: [
          { id: "loopback", account_id: "imported-1", email: "imported@example.org" },
        ],
      },
    });
    expect(created.status).toBe(201);
    const user = (await created.json()) as { id: string; oauth_providers: unknown };
    expect(user.oauth_providers).toEqual([
      { id: "loopback", account_id: "imported-1", email: "imported@example.org" },
    ]);

    provider.signInAs({ sub: "imported-1" });
    const tokens = await signInWithProvider(target);
    expect(tokens.is_new_user).toBe(false);
    expect((await me(target, tokens.access_token)).id).toBe(user.id);

    const usersBefore = await countRows(users, target.id);
    await expectKnownError(
      await t.request("/users", {
        accessType: "server",
        projectId: target.id,
        body: { oauth_providers: [{ id: "loopback", account_id: "imported-1", email: null }] },
      }),
      "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
      400,
    );
    expect(await countRows(users, target.id)).toBe(usersBefore);
  });
});

describe("provider presets against the loopback provider", () => {
  it("GitHub: profile from /user, the verified primary address from /user/emails", async () => {
    provider.signInAs({ sub: "gh-77" });
    provider.setJsonRoute("/github/user", (grant) => ({
      id: 4242,
      login: "octo",
      name: null,
      email: "public@example.org",
      avatar_url: `https://avatars.example.org/${grant.sub}`,
    }));
    provider.setJsonRoute("/github/user/emails", () => [
      { email: "secondary@example.org", primary: false, verified: true },
      { email: "octo@example.org", primary: true, verified: true },
    ]);
    const tokens = await signInWithProvider(project, "github");
    expect(provider.lastAuthorizationRequest?.get("scope")).toBe("user:email");
    expect(await me(project, tokens.access_token)).toMatchObject({
      primary_email: "octo@example.org",
      primary_email_verified: true,
      display_name: "octo",
      profile_image_url: "https://avatars.example.org/gh-77",
      oauth_providers: [{ id: "github", account_id: "4242", email: "octo@example.org" }],
    });
    const [account] = await t.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerAccountId, "4242"));
    expect(account?.providerConfigId).toBe("github");
  });

  it("refuses a malformed STACK_SHARED_OAUTH_PROVIDERS, naming the variable", () => {
    for (const value of ["not json", '{"github":{"clientId":""}}', "[]"]) {
      expect(() => parseAuthConfig({ STACK_SHARED_OAUTH_PROVIDERS: value })).toThrow(
        /STACK_SHARED_OAUTH_PROVIDERS: must be JSON like/,
      );
    }
    expect(parseAuthConfig({}).STACK_SHARED_OAUTH_PROVIDERS).toEqual({});
  });

  it("a shared provider uses the platform's credentials", async () => {
    provider.signInAs({ sub: "shared-google-1", email: "g@example.org", email_verified: true });
    const tokens = await signInWithProvider(project, "google");
    expect(provider.lastAuthorizationRequest?.get("access_type")).toBe("offline");
    expect(await me(project, tokens.access_token)).toMatchObject({
      primary_email: "g@example.org",
    });
  });
});
