/**
 * `/connected-accounts`: the user's linked provider accounts and provider access tokens, stored from
 * the OAuth sign-in and refreshed at the loopback provider with its refresh token.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels, oauthAccounts, oauthTokens } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { followOAuthRedirects } from "../../testing/oauth-redirects";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import {
  startTestOAuthProvider,
  type TestOAuthProvider,
  type TestProviderAccount,
} from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let provider: TestOAuthProvider;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  t = await createTestAuthApi({
    clock,
    oauth: {
      endpointOverrides: {
        google: {
          authorizationEndpoint: `${provider.issuer}/authorize`,
          tokenEndpoint: `${provider.issuer}/token`,
          userinfoEndpoint: `${provider.issuer}/userinfo`,
        },
      },
      sharedCredentials: {
        google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
      },
    },
  });
  const standard = {
    isShared: false,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  };
  project = await t.createProject({
    config: {
      auth: {
        oauth: {
          providers: {
            loopback: { type: "oidc", issuerUrl: provider.issuer, ...standard },
            hidden: {
              type: "oidc",
              issuerUrl: provider.issuer,
              allowConnectedAccounts: false,
              ...standard,
            },
            google: { type: "google", isShared: true },
          },
        },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const callbackUrl = "http://localhost:3000/handler/oauth-callback";

/** Runs the OAuth flow as `account` (a fresh one by default); returns every hop and the verifier. */
async function authorizeAs(
  providerId: string,
  params: Record<string, string> = {},
  account: TestProviderAccount = { sub: `account-${randomBytes(4).toString("hex")}` },
) {
  provider.signInAs(account);
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    client_id: project.id,
    client_secret: project.keys.publishableClientKey,
    redirect_uri: callbackUrl,
    scope: "legacy",
    state: "s",
    grant_type: "authorization_code",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    response_type: "code",
    ...params,
  });
  const hops = await followOAuthRedirects(t, `/api/v1/auth/oauth/authorize/${providerId}?${query}`);
  return { hops, verifier };
}

/** Signs in through `providerId` (as a fresh provider account by default); returns our access token. */
async function signIn(
  providerId: string,
  params: Record<string, string> = {},
  account?: TestProviderAccount,
) {
  const { hops, verifier } = await authorizeAs(providerId, params, account);
  const response = await t.app.request("/api/v1/auth/oauth/token", {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: hops.appRedirect?.searchParams.get("code") ?? "",
      code_verifier: verifier,
      redirect_uri: callbackUrl,
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function requestToken(accessToken: string, providerId: string, scope?: string) {
  return t.request(`/connected-accounts/me/${providerId}/access-token`, {
    accessType: "client",
    projectId: project.id,
    accessToken,
    body: scope === undefined ? {} : { scope },
  });
}

function requestTokenFor(accessToken: string, userId: string, providerId: string) {
  return t.request(`/connected-accounts/${userId}/${providerId}/access-token`, {
    accessType: "client",
    projectId: project.id,
    accessToken,
    body: {},
  });
}

/** Whether the loopback provider accepts the token (it is a real token of the provider). */
async function providerAccepts(token: string): Promise<boolean> {
  const response = await fetch(`${provider.issuer}/userinfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status === 200;
}

describe("connected accounts", () => {
  it("lists the user's accounts of providers that allow connected accounts", async () => {
    const accessToken = await signIn("loopback");
    const response = await t.request("/connected-accounts/me", {
      accessType: "client",
      projectId: project.id,
      accessToken,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Record<string, string>[] };
    expect(body).toMatchObject({ is_paginated: false });
    expect(body.items).toEqual([
      {
        user_id: expect.any(String),
        provider: "loopback",
        provider_account_id: expect.any(String),
      },
    ]);
  });

  it("hands out the stored provider access token for granted scopes", async () => {
    const accessToken = await signIn("loopback");
    const response = await requestToken(accessToken, "loopback", "openid email");
    expect(response.status).toBe(201);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(await providerAccepts(access_token)).toBe(true);
    await expectKnownError(
      await requestToken(accessToken, "loopback", "repo"),
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
      400,
    );
  });

  it("refreshes an access token close to expiry with the provider's refresh token", async () => {
    provider.setAccessTokenLifetime(120);
    const accessToken = await signIn("loopback");
    provider.setAccessTokenLifetime(3600);
    const refreshesBefore = provider.tokenRequests.filter((r) => r.grantType === "refresh_token");
    const first = (await (await requestToken(accessToken, "loopback")).json()) as {
      access_token: string;
    };
    const refreshes = provider.tokenRequests.filter((r) => r.grantType === "refresh_token");
    expect(refreshes.length).toBe(refreshesBefore.length + 1);
    expect(await providerAccepts(first.access_token)).toBe(true);
    // The new token lives an hour: asked again, it is handed out without another refresh.
    const second = (await (await requestToken(accessToken, "loopback")).json()) as {
      access_token: string;
    };
    expect(second.access_token).toBe(first.access_token);
    expect(provider.tokenRequests.filter((r) => r.grantType === "refresh_token").length).toBe(
      refreshes.length,
    );
  });

  it("marks a refresh token the provider refuses invalid and says the scope is missing", async () => {
    provider.setAccessTokenLifetime(60);
    const accessToken = await signIn("loopback");
    provider.setAccessTokenLifetime(3600);
    provider.revokeRefreshTokens();
    await expectKnownError(
      await requestToken(accessToken, "loopback"),
      "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
      400,
    );
    const refreshRows = await t.db
      .select()
      .from(oauthTokens)
      .where(eq(oauthTokens.kind, "refresh"));
    expect(refreshRows.filter((row) => !row.isValid).length).toBeGreaterThan(0);
  });

  it("replaces a stored access token the provider no longer takes with a refreshed one", async () => {
    const accessToken = await signIn("loopback");
    const first = (await (await requestToken(accessToken, "loopback")).json()) as {
      access_token: string;
    };
    provider.revokeAccessToken(first.access_token);
    const second = await requestToken(accessToken, "loopback");
    expect(second.status).toBe(201);
    const { access_token } = (await second.json()) as { access_token: string };
    expect(access_token).not.toBe(first.access_token);
    expect(await providerAccepts(access_token)).toBe(true);
    const accessRows = (await tokenRowsOf(accessToken)).filter((row) => row.kind === "access");
    expect(accessRows.map((row) => row.isValid).sort()).toEqual([false, true]);
  });

  it.each(["access_denied", "consent_required", "invalid_token", "unauthorized_client"])(
    "takes a refresh refused with %s as a dead refresh token",
    async (error) => {
      const accessToken = await signIn("loopback");
      const { access_token } = (await (await requestToken(accessToken, "loopback")).json()) as {
        access_token: string;
      };
      provider.revokeAccessToken(access_token);
      provider.failNextRefresh(error);
      await expectKnownError(
        await requestToken(accessToken, "loopback"),
        "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
        400,
      );
      const refreshRows = (await tokenRowsOf(accessToken)).filter((r) => r.kind === "refresh");
      expect(refreshRows.map((row) => row.isValid)).toEqual([false]);
    },
  );

  it("refuses providers the user has no account of, unknown providers and shared keys", async () => {
    const accessToken = await signIn("loopback");
    await expectKnownError(
      await requestToken(accessToken, "hidden"),
      "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
      400,
    );
    await expectKnownError(
      await requestToken(accessToken, "nope"),
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
      400,
    );
    const googleUser = await signIn("google");
    await expectKnownError(
      await requestToken(googleUser, "google"),
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
      400,
    );
  });

  it("lets client access use only its own user; server access names any user", async () => {
    const alice = await t.signUpUser(project.id);
    const accessToken = await signIn("loopback");
    const mine = await t.request(`/connected-accounts/${alice.userId}`, {
      accessType: "client",
      projectId: project.id,
      accessToken,
    });
    expect(mine.status).toBe(403);
    expect(await mine.text()).toBe("Client can only list connected accounts for their own user.");
    const othersToken = await requestTokenFor(accessToken, alice.userId, "loopback");
    expect(othersToken.status).toBe(403);
    expect(await othersToken.text()).toBe("Client can only access its own connected accounts");
    const server = await t.request(`/connected-accounts/${alice.userId}`, {
      accessType: "server",
      projectId: project.id,
    });
    expect(await server.json()).toEqual({ items: [], is_paginated: false });
    const anonymous = await t.request("/connected-accounts/me", {
      accessType: "client",
      projectId: project.id,
    });
    await expectKnownError(anonymous, "CANNOT_GET_OWN_USER_WITHOUT_USER", 400);
  });
});

/** The stored token rows of the signed-in user's provider accounts. */
async function tokenRowsOf(accessToken: string) {
  const userId = decodeJwt(accessToken).sub ?? "";
  const accounts = await t.db
    .select({ id: oauthAccounts.id })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId));
  return t.db
    .select()
    .from(oauthTokens)
    .where(
      inArray(
        oauthTokens.oauthAccountId,
        accounts.map((account) => account.id),
      ),
    );
}

describe("provider tokens at rest", () => {
  it("keeps access and refresh tokens sealed: no row holds the provider's token", async () => {
    const accessToken = await signIn("loopback");
    const response = await requestToken(accessToken, "loopback");
    const { access_token } = (await response.json()) as { access_token: string };
    expect(await providerAccepts(access_token)).toBe(true);
    const rows = await tokenRowsOf(accessToken);
    expect(rows.map((row) => row.kind).sort()).toEqual(["access", "refresh"]);
    for (const row of rows) {
      expect(row.token.startsWith("sealed:v1:")).toBe(true);
      expect(row.token).not.toContain(access_token);
    }
  });

  it("still reads a token stored in plain text before sealing existed", async () => {
    const accessToken = await signIn("loopback");
    const { access_token } = (await (await requestToken(accessToken, "loopback")).json()) as {
      access_token: string;
    };
    const [accessRow] = (await tokenRowsOf(accessToken)).filter((row) => row.kind === "access");
    await t.db
      .update(oauthTokens)
      .set({ token: access_token })
      .where(eq(oauthTokens.id, accessRow?.id ?? ""));
    const again = await requestToken(accessToken, "loopback");
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ access_token });
  });

  it("answers 500 for an altered sealed token and does not hand anything out", async () => {
    const accessToken = await signIn("loopback");
    const [accessRow] = (await tokenRowsOf(accessToken)).filter((row) => row.kind === "access");
    const sealed = accessRow?.token ?? "";
    const bytes = Buffer.from(sealed.slice("sealed:v1:".length), "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await t.db
      .update(oauthTokens)
      .set({ token: `sealed:v1:${bytes.toString("base64")}` })
      .where(eq(oauthTokens.id, accessRow?.id ?? ""));
    const response = await requestToken(accessToken, "loopback");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("access_token");
  });
});

describe("OAuth sign-in and linking with accounts whose sign-in is off", () => {
  /** The user's one account of `loopback`, as the server API shows it. */
  async function loopbackAccountOf(userId: string) {
    const response = await t.request(`/oauth-providers?user_id=${userId}`, {
      accessType: "server",
      projectId: project.id,
    });
    const { items } = (await response.json()) as { items: { id: string; account_id: string }[] };
    expect(items).toHaveLength(1);
    return items[0] ?? { id: "", account_id: "" };
  }

  function turnSignInOff(userId: string, accountId: string) {
    return t.request(`/oauth-providers/${userId}/${accountId}`, {
      method: "PATCH",
      accessType: "server",
      projectId: project.id,
      body: { allow_sign_in: false },
    });
  }

  it("an account with sign-in off no longer signs its user in; the provider account signs up anew", async () => {
    const sub = `toggled-${randomBytes(4).toString("hex")}`;
    const firstToken = await signIn("loopback", {}, { sub });
    const first = decodeJwt(firstToken).sub ?? "";
    const account = await loopbackAccountOf(first);
    expect((await turnSignInOff(first, account.id)).status).toBe(200);

    // The provider account signs up a new user now; the first keeps its linked account.
    const second = decodeJwt(await signIn("loopback", {}, { sub })).sub ?? "";
    expect(second).not.toBe(first);
    const rowsOf = async () =>
      (await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerAccountId, sub))).map(
        (row) => `${row.userId}:${row.allowSignIn}`,
      );
    expect((await rowsOf()).sort()).toEqual([`${first}:false`, `${second}:true`].sort());
    // The first user linking it again finds their own account: no new row, no error.
    const { hops } = await authorizeAs("loopback", { type: "link", token: firstToken }, { sub });
    expect(hops.appRedirect?.searchParams.get("code")).toEqual(expect.any(String));
    expect((await rowsOf()).sort()).toEqual([`${first}:false`, `${second}:true`].sort());
  });

  it("a link by a third user is refused while the account signs someone in", async () => {
    const sub = `claimed-${randomBytes(4).toString("hex")}`;
    await signIn("loopback", {}, { sub });
    const carol = await t.signUpUser(project.id);
    const { hops } = await authorizeAs(
      "loopback",
      { type: "link", token: carol.accessToken },
      { sub },
    );
    expect(hops.appRedirect?.searchParams.get("errorCode")).toBe(
      "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
    );
    const carols = await t.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, carol.userId));
    expect(carols).toEqual([]);
  });

  it("merging by e-mail does not sign in through an account whose sign-in is off", async () => {
    const dana = await t.signUpUser(project.id);
    await t.db
      .update(contactChannels)
      .set({ isVerified: true })
      .where(eq(contactChannels.userId, dana.userId));
    const account = {
      sub: `merged-${randomBytes(4).toString("hex")}`,
      email: dana.email,
      email_verified: true,
    };
    // Linked to Dana by her verified address (link_method), then sign-in turned off.
    expect(decodeJwt(await signIn("loopback", {}, account)).sub).toBe(dana.userId);
    const linked = await loopbackAccountOf(dana.userId);
    await turnSignInOff(dana.userId, linked.id);
    const { hops } = await authorizeAs("loopback", {}, account);
    expect(hops.callback?.status).toBe(400);
    expect(await hops.callback?.text()).toBe(
      "This provider account is linked to the user, but signing in with it is turned off.",
    );
    expect((await loopbackAccountOf(dana.userId)).id).toBe(linked.id);
  });
});
