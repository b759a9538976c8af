/**
 * A production server without `STACK_DATA_VAULT_SECRET` cannot seal provider tokens: OAuth sign-in
 * still works, no token is kept (rather than kept readable), and asking for one says why.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthAccounts, oauthTokens } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { followOAuthRedirects } from "../../testing/oauth-redirects";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let provider: TestOAuthProvider;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const warnings: string[] = [];
const callbackUrl = "http://localhost:3000/handler/oauth-callback";

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  t = await createTestAuthApi({
    clock,
    isDevelopment: false,
    logger: { info() {}, error() {}, warn: (_data, message) => warnings.push(message) },
  });
  project = await t.createProject({
    config: {
      auth: {
        oauth: {
          providers: {
            loopback: {
              type: "oidc",
              issuerUrl: provider.issuer,
              isShared: false,
              clientId: provider.clientId,
              clientSecret: provider.clientSecret,
            },
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

describe("provider tokens without a sealing secret in production", () => {
  it("signs in, keeps no token, and the access token answer names the missing secret", async () => {
    provider.signInAs({ sub: `no-secret-${randomBytes(4).toString("hex")}` });
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
    });
    const hops = await followOAuthRedirects(t, `/api/v1/auth/oauth/authorize/loopback?${query}`);
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
    const { access_token } = (await response.json()) as { access_token: string };

    expect(await t.db.select().from(oauthAccounts)).toHaveLength(1);
    expect(await t.db.select().from(oauthTokens)).toEqual([]);
    expect(warnings).toContain("Provider tokens not kept: STACK_DATA_VAULT_SECRET is not set");

    const body = await expectKnownError(
      await t.request("/connected-accounts/me/loopback/access-token", {
        accessType: "client",
        projectId: project.id,
        accessToken: access_token,
        body: {},
      }),
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
      400,
    );
    expect(body.details).toEqual({
      provider: "loopback",
      details: "The server keeps no provider tokens: STACK_DATA_VAULT_SECRET is not set.",
    });
  });
});
