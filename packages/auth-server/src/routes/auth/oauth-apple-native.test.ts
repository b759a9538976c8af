/**
 * Native Sign in with Apple (issue 32, item 1): `POST /auth/oauth/callback/apple/native` takes an
 * identity token meant for one of the project's app bundle ids. The loopback provider plays Apple
 * (its JWKS and issuer replace Apple's); its client id is the app's bundle id, so the id_tokens it
 * issues are what the app would receive from Apple.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, createTestClock, type TestAuthApi } from "../../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../../testing/test-oauth-provider";

let t: TestAuthApi;
let apple: TestOAuthProvider;
const bundleId = "com.example.ios.app";

beforeAll(async () => {
  const clock = createTestClock();
  apple = await startTestOAuthProvider({ clock, clientId: bundleId });
  t = await createTestAuthApi({
    clock,
    oauth: {
      endpointOverrides: { apple: { jwksUri: `${apple.issuer}/jwks`, issuer: apple.issuer } },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await apple?.close();
});

/** An identity token of the loopback "Apple" for `account`, as its app receives one. */
async function identityToken(account: { sub: string; email?: string }): Promise<string> {
  apple.signInAs({ ...account, email_verified: true });
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${apple.issuer}/authorize`);
  const redirectUri = "https://app.example.org/apple";
  authorize.search = new URLSearchParams({
    client_id: bundleId,
    redirect_uri: redirectUri,
    scope: "openid email",
    state: "s",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const back = await fetch(authorize, { redirect: "manual" });
  const code = new URL(back.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const tokens = await fetch(`${apple.issuer}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: bundleId,
      client_secret: apple.clientSecret,
    }),
  });
  return ((await tokens.json()) as { id_token: string }).id_token;
}

function appleProject(bundles?: Record<string, { bundleId: string }>) {
  return t.createProject({
    config: {
      auth: {
        oauth: {
          providers: {
            apple: {
              type: "apple",
              isShared: false,
              clientId: "com.example.web.service",
              clientSecret: "test-secret",
              ...(bundles ? { appleBundles: bundles } : {}),
            },
          },
        },
      },
    },
  });
}

function nativeSignIn(projectId: string, body: Record<string, unknown>) {
  return t.request("/auth/oauth/callback/apple/native", {
    method: "POST",
    accessType: "client",
    projectId,
    body,
  });
}

describe("native Sign in with Apple", () => {
  it("signs the token's account up, then in again as the same user", async () => {
    const project = await appleProject({ main: { bundleId } });
    const token = await identityToken({ sub: "apple-001", email: "ada@privaterelay.example" });
    const first = await nativeSignIn(project.id, { id_token: token });
    expect(first.status).toBe(200);
    const created = (await first.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user_id: expect.any(String),
      is_new_user: true,
    });
    const me = await t.request("/users/me", {
      accessType: "client",
      projectId: project.id,
      accessToken: created.access_token as string,
    });
    expect(await me.json()).toMatchObject({
      primary_email: "ada@privaterelay.example",
      primary_email_verified: true,
      oauth_providers: [{ id: "apple", account_id: "apple-001" }],
    });
    const again = await nativeSignIn(project.id, {
      id_token: await identityToken({ sub: "apple-001" }),
    });
    expect(await again.json()).toMatchObject({ user_id: created.user_id, is_new_user: false });
  });

  it("refuses tokens meant for another app, forged or unreadable", async () => {
    const project = await appleProject({ other: { bundleId: "com.example.other" } });
    const token = await identityToken({ sub: "apple-002" });
    await expectKnownError(
      await nativeSignIn(project.id, { id_token: token }),
      "INVALID_APPLE_CREDENTIALS",
      400,
    );
    const [header, payload] = token.split(".");
    await expectKnownError(
      await nativeSignIn(project.id, { id_token: `${header}.${payload}.forged` }),
      "INVALID_APPLE_CREDENTIALS",
      400,
    );
    await expectKnownError(
      await nativeSignIn(project.id, { id_token: "invalid-jwt-token" }),
      "INVALID_APPLE_CREDENTIALS",
      400,
    );
  });

  it("needs Apple sign-in on, with bundle ids, and an id_token", async () => {
    const withoutApple = await t.createProject();
    await expectKnownError(
      await nativeSignIn(withoutApple.id, { id_token: "x" }),
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
      400,
    );
    const withoutBundles = await appleProject();
    await expectKnownError(
      await nativeSignIn(withoutBundles.id, { id_token: "x" }),
      "APPLE_BUNDLE_ID_NOT_CONFIGURED",
      400,
    );
    await expectKnownError(await nativeSignIn(withoutBundles.id, {}), "SCHEMA_ERROR", 400);
  });

  it("keeps apple_bundle_ids of the admin's provider list", async () => {
    const project = await t.createProject();
    const updated = await t.request("/internal/projects/current", {
      method: "PATCH",
      accessType: "admin",
      projectId: project.id,
      body: {
        config: {
          oauth_providers: [
            {
              id: "apple",
              type: "standard",
              client_id: "com.example.web.service",
              client_secret: "test-secret",
              apple_bundle_ids: ["com.example.mac.app", bundleId],
            },
          ],
        },
      },
    });
    expect(updated.status).toBe(200);
    const { config } = (await updated.json()) as {
      config: { oauth_providers: { apple_bundle_ids?: string[] }[] };
    };
    // In alphabetical order, whatever order they were sent and stored in.
    expect(config.oauth_providers[0]?.apple_bundle_ids).toEqual([bundleId, "com.example.mac.app"]);
    const token = await identityToken({ sub: "apple-003" });
    expect((await nativeSignIn(project.id, { id_token: token })).status).toBe(200);
  });
});
