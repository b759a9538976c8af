/**
 * Interop: the official SDK's OAuth callback handling (`StackClientApp.callOAuthCallback`,
 * `@stackframe/js` 2.8.108) against this server. Starting the flow needs a real browser in the SDK,
 * so the test does what its `signInWithOAuth` does (PKCE verifier in `stack-oauth-outer-{state}`,
 * the authorize URL) and follows the redirects; the SDK then finishes on a stubbed callback page.
 */
import { createHash, randomBytes } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";
import { followOAuthRedirects } from "../testing/oauth-redirects";
import { createTestClock } from "../testing/test-auth-api";
import { startTestOAuthProvider, type TestOAuthProvider } from "../testing/test-oauth-provider";

let server: InteropServer;
let provider: TestOAuthProvider;
let project: { id: string; keys: { publishableClientKey: string } };
const callbackUrl = "http://localhost:3000/handler/oauth-callback";

beforeAll(async () => {
  const clock = createTestClock();
  provider = await startTestOAuthProvider({ clock });
  server = await startInteropServer({ clock });
  project = await server.t.createProject({
    config: {
      auth: {
        oauth: {
          providers: {
            // The SDK's types name only the standard provider ids, so the loopback OIDC provider
            // is configured under the id `github`.
            github: {
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
  await server?.close();
  await provider?.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** `document.cookie` as a browser keeps it (name=value pairs; a past expiry deletes). */
function createCookieJar() {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(assignment: string) {
      const [pair = "", ...attributes] = assignment.split(";").map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf("="));
      const expires = attributes.find((a) => a.toLowerCase().startsWith("expires="));
      if (expires && Date.parse(expires.slice(8)) <= Date.now()) jar.delete(name);
      else jar.set(name, pair.slice(pair.indexOf("=") + 1));
    },
    has: (name: string) => jar.has(name),
    // The SDK takes a document that can create elements for a browser.
    createElement: () => ({}),
  };
}

/** A callback page: `location` at `href`, `history.replaceState` moving it, navigation recorded. */
function stubBrowser(href: string) {
  const document = createCookieJar();
  const location = {
    href,
    protocol: "http:",
    host: "localhost:3000",
    hostname: "localhost",
    origin: "http://localhost:3000",
    assign() {},
    replace() {},
  };
  vi.stubGlobal("document", document);
  vi.stubGlobal("window", {
    location,
    document,
    history: {
      replaceState: (_state: unknown, _title: string, url: string) => {
        location.href = url;
      },
    },
    addEventListener() {},
    removeEventListener() {},
  });
  return { document, location };
}

describe("StackClientApp.callOAuthCallback against the server", () => {
  it("redeems our code with the verifier from stack-oauth-outer-{state} and signs in", async () => {
    provider.signInAs({
      sub: "sdk-oauth-1",
      email: "sdk-oauth@example.org",
      email_verified: true,
      name: "SDK OAuth",
    });
    const verifier = randomBytes(32).toString("base64url");
    const state = randomBytes(16).toString("base64url");
    const query = new URLSearchParams({
      client_id: project.id,
      client_secret: project.keys.publishableClientKey,
      redirect_uri: callbackUrl,
      scope: "legacy",
      state,
      grant_type: "authorization_code",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      response_type: "code",
      type: "authenticate",
      error_redirect_url: callbackUrl,
      after_callback_redirect_url: "http://localhost:3000/dashboard",
    });
    const hops = await followOAuthRedirects(
      server.t,
      `/api/v1/auth/oauth/authorize/github?${query}`,
    );
    expect(hops.appRedirect?.searchParams.get("state")).toBe(state);

    const { document, location } = stubBrowser(hops.appRedirect?.toString() ?? "");
    document.cookie = `stack-oauth-outer-${state}=${verifier}; path=/`;
    const navigated: string[] = [];
    const app = new StackClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      baseUrl: server.baseUrl,
      tokenStore: "memory",
      noAutomaticPrefetch: true,
      devTool: false,
      urls: { oauthCallback: "/handler/oauth-callback" },
      redirectMethod: {
        // React's hook is required by the type; outside React only `navigate` is called.
        useNavigate: () => (url: string) => {
          navigated.push(url);
        },
        navigate: (url: string) => {
          navigated.push(url);
        },
      },
    });
    const tokenRequestsBefore = server.countRequests("POST", "/api/v1/auth/oauth/token");

    expect(await app.callOAuthCallback()).toBe(true);

    expect(server.countRequests("POST", "/api/v1/auth/oauth/token")).toBe(tokenRequestsBefore + 1);
    expect(navigated).toEqual(["http://localhost:3000/dashboard"]);
    expect(document.has(`stack-oauth-outer-${state}`)).toBe(false);
    expect(new URL(location.href).searchParams.has("code")).toBe(false);
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe("sdk-oauth@example.org");
    expect(user.displayName).toBe("SDK OAuth");
    expect(user.oauthProviders).toEqual([
      { id: "github", account_id: "sdk-oauth-1", email: "sdk-oauth@example.org" },
    ]);

    // Connected accounts: the SDK asks for the provider's access token of the linked account.
    const account = await user.getConnectedAccount("github");
    expect(account?.providerAccountId).toBe("sdk-oauth-1");
    const token = await account?.getAccessToken();
    const userinfo = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${token?.accessToken}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: "sdk-oauth-1" });
    expect(await user.getConnectedAccount("github", { scopes: ["repo"] })).toBeNull();
  });
});
