/**
 * `STACK_OAUTH_MOCK_URL` (issue 32, item 1): shared providers sign in at the reference's mock OAuth
 * server the way the reference does in its tests. The loopback provider plays the mock: client id
 * `spotify` (the provider type), secret `MOCK-SERVER-SECRET`, found by discovery. Private networks
 * are refused to show that only the mock's own origin is let through; the setting is refused in
 * production.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthApi } from "../../app";
import { checkAuthSettingsForMode, parseAuthConfig } from "../../config";
import { OutgoingRequestRefusedError } from "../../outgoing/outgoing-policy";
import { mockServerAccess } from "../../services/oauth/mock-provider";
import { followOAuthRedirects } from "../../testing/oauth-redirects";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let mock: TestOAuthProvider;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const appCallback = "http://localhost:3000/handler/oauth-callback";

beforeAll(async () => {
  const clock = createTestClock();
  mock = await startTestOAuthProvider({
    clock,
    clientId: "spotify",
    clientSecret: "MOCK-SERVER-SECRET",
  });
  t = await createTestAuthApi({
    clock,
    env: { STACK_OAUTH_MOCK_URL: `${mock.issuer}/`, OUTGOING_ALLOW_PRIVATE_NETWORKS: "false" },
  });
  project = await t.createProject({
    config: { auth: { oauth: { providers: { spotify: { type: "spotify", isShared: true } } } } },
  });
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

function authorizeUrl(challenge: string) {
  const query = new URLSearchParams({
    client_id: project.id,
    client_secret: project.keys.publishableClientKey,
    redirect_uri: appCallback,
    scope: "legacy",
    state: "outer-state",
    grant_type: "authorization_code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    response_type: "code",
  });
  return `/api/v1/auth/oauth/authorize/spotify?${query}`;
}

async function signInAtMock(login: string) {
  mock.signInAs({ sub: login });
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const hops = await followOAuthRedirects(t, authorizeUrl(challenge));
  const answer = await t.app.request("/api/v1/auth/oauth/token", {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: hops.appRedirect?.searchParams.get("code") ?? "",
      code_verifier: verifier,
      redirect_uri: appCallback,
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
    }),
  });
  expect(answer.status).toBe(200);
  return { hops, tokens: (await answer.json()) as { access_token: string } };
}

describe("shared providers on the mock OAuth server", () => {
  it("sends the browser to the mock as the reference's OpenID client does", async () => {
    const authorize = await t.app.request(authorizeUrl("challenge"));
    expect(authorize.status).toBe(307);
    const location = new URL(authorize.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${mock.issuer}/authorize`);
    expect([...location.searchParams.keys()]).toEqual([
      "client_id",
      "scope",
      "response_type",
      "redirect_uri",
      "code_challenge_method",
      "code_challenge",
      "state",
      "access_type",
      "prompt",
    ]);
    expect(location.searchParams.get("client_id")).toBe("spotify");
    expect(location.searchParams.get("scope")).toBe("openid offline_access");
    expect(location.searchParams.get("access_type")).toBe("offline");
    expect(location.searchParams.get("prompt")).toBe("consent");
  });

  it("signs up the address typed at the mock, verified, with the mock's credentials", async () => {
    const before = mock.tokenRequests.length;
    const { tokens } = await signInAtMock("ada@example.org");
    expect(mock.tokenRequests.slice(before)).toEqual([
      { grantType: "authorization_code", clientAuth: "basic" },
    ]);
    const me = await t.request("/users/me", {
      accessType: "client",
      projectId: project.id,
      accessToken: tokens.access_token,
    });
    expect(await me.json()).toMatchObject({
      primary_email: "ada@example.org",
      primary_email_verified: true,
      oauth_providers: [{ id: "spotify", account_id: "ada@example.org" }],
    });
  });

  it("hands out the mock's access tokens of shared providers", async () => {
    const { tokens } = await signInAtMock("grace@example.org");
    const response = await t.request("/connected-accounts/me/spotify/access-token", {
      accessType: "client",
      projectId: project.id,
      accessToken: tokens.access_token,
      body: { scope: "openid" },
    });
    expect(response.status).toBe(201);
    const { access_token } = (await response.json()) as { access_token: string };
    const userinfo = await fetch(`${mock.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await userinfo.json()).toEqual({ sub: "grace@example.org" });
  });

  it("sends requests to the mock's own origin only", async () => {
    const access = mockServerAccess(mock.issuer);
    expect((await access.http(`${mock.issuer}/.well-known/openid-configuration`)).status).toBe(200);
    await expect(access.http("http://127.0.0.1:1/elsewhere")).rejects.toBeInstanceOf(
      OutgoingRequestRefusedError,
    );
  });
});

describe("STACK_OAUTH_MOCK_URL as a setting", () => {
  it("takes an http(s) URL without its trailing slash", () => {
    expect(parseAuthConfig({ STACK_OAUTH_MOCK_URL: "http://localhost:8114/" })).toMatchObject({
      STACK_OAUTH_MOCK_URL: "http://localhost:8114",
    });
    expect(parseAuthConfig({}).STACK_OAUTH_MOCK_URL).toBeUndefined();
    expect(() => parseAuthConfig({ STACK_OAUTH_MOCK_URL: "ftp://mock" })).toThrow(
      "STACK_OAUTH_MOCK_URL: must be an http(s) URL",
    );
  });

  it("is refused in production, by the configuration check and by createAuthApi", () => {
    const config = parseAuthConfig({ STACK_OAUTH_MOCK_URL: "http://localhost:8114" });
    expect(checkAuthSettingsForMode(config, true)).toMatch(
      /^STACK_OAUTH_MOCK_URL: refused when NODE_ENV=production/,
    );
    expect(checkAuthSettingsForMode(config, false)).toBeNull();
    expect(() =>
      createAuthApi({
        db: t.db,
        config,
        baseUrl: "https://auth.example.org",
        isDevelopment: false,
      }),
    ).toThrow(/STACK_OAUTH_MOCK_URL: refused when NODE_ENV=production/);
  });
});
