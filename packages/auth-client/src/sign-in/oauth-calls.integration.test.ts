/**
 * OAuth through the client library against the real auth server and a loopback OAuth provider:
 * the authorize URL with PKCE and the SDK's verifier cookies, the callback's code exchange, errors
 * sent back in the callback URL, linking, and connected-account access tokens.
 */
import {
  createTestAuthApi,
  createTestClock,
  type TestAuthApi,
} from "@heritage/auth-server/testing";
import {
  followOAuthRedirects,
  startTestOAuthProvider,
  type TestOAuthProvider,
} from "@heritage/auth-server/testing/oauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { createFakeDocument, type FakeCookieDocument } from "../testing/fake-document";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let provider: TestOAuthProvider;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const redirectUrl = "http://localhost:3000/handler/oauth-callback";

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  api = await createTestAuthApi({ clock });
  project = await api.createProject({
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
  await api?.close();
  await provider?.close();
});

function newClientApp() {
  return createClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  });
}

/** Runs the browser part of the flow: our authorize, the provider, our callback. */
async function browserTrip(url: string): Promise<URL> {
  const hops = await followOAuthRedirects(api, url);
  if (!hops.appRedirect) throw new Error(`no redirect back to the app: ${hops.callback?.status}`);
  return hops.appRedirect;
}

async function signIn(document: FakeCookieDocument, sub: string) {
  const app = newClientApp();
  provider.signInAs({ sub, email: `${sub}@example.org`, email_verified: true, name: sub });
  let navigatedTo = "";
  await app.signInWithOAuth("loopback", {
    redirectUrl,
    afterCallbackRedirectUrl: "http://localhost:3000/after",
    document,
    navigate: (url) => {
      navigatedTo = url;
    },
  });
  const back = await browserTrip(navigatedTo);
  return { app, back, navigatedTo };
}

describe("OAuth sign-in through the client library", () => {
  it("signs in: PKCE S256, verifier in the SDK's cookies, session stored, cookies removed", async () => {
    const document = createFakeDocument(() => api.clock().getTime());
    const { app, back, navigatedTo } = await signIn(document, "client-ada");
    const authorize = new URL(navigatedTo);
    expect(authorize.pathname).toBe("/api/v1/auth/oauth/authorize/loopback");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const state = authorize.searchParams.get("state") ?? "";
    const verifier = document.raw(`hexclave-oauth-outer-${state}`);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(document.raw(`stack-oauth-outer-${state}`)).toBe(verifier);

    const result = await app.callOAuthCallback({ url: back.toString(), document });
    expect(result).toEqual({
      status: "ok",
      data: { isNewUser: true, afterCallbackRedirectUrl: "http://localhost:3000/after" },
    });
    expect(await app.getUser()).toMatchObject({ primaryEmail: "client-ada@example.org" });
    expect(document.raw(`hexclave-oauth-outer-${state}`)).toBeUndefined();
    expect(document.raw(`stack-oauth-outer-${state}`)).toBeUndefined();

    // A reload of the callback page finds no verifier and does nothing.
    const again = newClientApp();
    expect(await again.callOAuthCallback({ url: back.toString(), document })).toEqual({
      status: "ok",
      data: null,
    });
    expect(await again.getUser()).toBeNull();
  });

  it("returns the server's error from the callback URL as a known error", async () => {
    const document = createFakeDocument(() => api.clock().getTime());
    const app = newClientApp();
    provider.signInAs("deny");
    const { url } = await app.getOAuthAuthorization("loopback", { redirectUrl, document });
    const back = await browserTrip(url);
    const result = await app.callOAuthCallback({ url: back.toString(), document });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.code).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  });

  it("returns the token endpoint's refusal of a wrong verifier", async () => {
    const app = newClientApp();
    provider.signInAs({ sub: "client-wrong-verifier" });
    const { url } = await app.getOAuthAuthorization("loopback", { redirectUrl });
    const back = await browserTrip(url);
    const result = await app.callOAuthCallback({
      url: back.toString(),
      codeVerifier: "not-the-verifier-not-the-verifier-not-the-ver",
    });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.code).toBe("INVALID_AUTHORIZATION_CODE");
    expect(await app.getUser()).toBeNull();
  });

  it("links a provider account and hands out its access token", async () => {
    const document = createFakeDocument(() => api.clock().getTime());
    const app = newClientApp();
    const signedUp = await app.signUpWithCredential({
      email: "linker@example.org",
      password: "a good password",
    });
    expect(signedUp.status).toBe("ok");
    expect(await app.getConnectedAccount("loopback")).toBeNull();

    provider.signInAs({ sub: "client-linked" });
    let navigatedTo = "";
    await app.linkOAuthAccount("loopback", {
      redirectUrl,
      document,
      navigate: (url) => {
        navigatedTo = url;
      },
    });
    expect(new URL(navigatedTo).searchParams.get("type")).toBe("link");
    const back = await browserTrip(navigatedTo);
    const result = await app.callOAuthCallback({ url: back.toString(), document });
    expect(result).toMatchObject({ status: "ok", data: { isNewUser: false } });
    expect(await app.getUser()).toMatchObject({ primaryEmail: "linker@example.org" });

    expect(await app.listConnectedAccounts()).toEqual([
      { provider: "loopback", providerAccountId: "client-linked" },
    ]);
    const account = await app.getConnectedAccount("loopback", { scopes: ["openid"] });
    expect(account?.providerAccountId).toBe("client-linked");
    const token = await account?.getAccessToken();
    const userinfo = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: "client-linked" });
    expect(await app.getConnectedAccount("loopback", { scopes: ["repo"] })).toBeNull();
  });

  it("refuses to start a link without a signed-in user", async () => {
    const app = newClientApp();
    await expect(
      app.linkOAuthAccount("loopback", { redirectUrl, navigate: () => {} }),
    ).rejects.toThrow(/signed-in user/);
  });
});
