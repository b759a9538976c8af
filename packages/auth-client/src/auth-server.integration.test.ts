/**
 * The client library against the real auth server (`@heritage/auth-server/testing`): the API runs
 * in-process and the apps' `fetch` goes to its `app.request`. Clocks of client and server are the same
 * test clock, so token expiry can be reached without waiting.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "./admin-app";
import type { AppOptions } from "./app-core";
import { createClientApp } from "./client-app";
import { createServerApp } from "./server-app";
import { encodeCookieValue } from "./token-stores/cookie-format";
import { createMemoryTokenStore } from "./token-stores/memory";
import { createRequestCookieTokenStore } from "./token-stores/request-cookies";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const tokenCalls: string[] = [];

function runtimeOptions(): Partial<AppOptions> {
  return {
    baseUrl: api.baseUrl,
    fetch: async (url, init) => {
      if (url.endsWith("/auth/oauth/token")) tokenCalls.push(url);
      return api.app.request(url, init);
    },
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  };
}

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Heritage" });
});

afterAll(async () => {
  await api?.close();
});

describe("ClientApp against the auth server", () => {
  it("signs up, reads and updates the user, gets the project and signs out", async () => {
    const app = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    expect(await app.getUser()).toBeNull();
    const signUp = await app.signUpWithCredential({
      email: "ana@example.org",
      password: "correct horse",
    });
    expect(signUp.status).toBe("ok");
    const user = await app.getUser();
    expect(user?.primaryEmail).toBe("ana@example.org");
    expect(user?.hasPassword).toBe(true);
    expect((await app.updateUser({ displayName: "Ana" })).displayName).toBe("Ana");
    expect((await app.getProject()).displayName).toBe("Heritage");
    const headers = JSON.parse((await app.getAuthHeaders())["x-stack-auth"]);
    expect(headers.accessToken).toEqual(expect.any(String));
    await app.signOut();
    expect(await app.getUser()).toBeNull();
  });

  it("returns the server's error for a wrong password", async () => {
    const app = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const result = await app.signInWithCredential({
      email: "ana@example.org",
      password: "wrong password",
    });
    expect(result.status === "error" && result.error.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(result.status === "error" && result.error.message).toBe("Wrong e-mail or password.");
    const ok = await app.signInWithCredential({
      email: "ana@example.org",
      password: "correct horse",
    });
    expect(ok.status).toBe("ok");
  });

  it("refreshes the access token through the token endpoint when it is about to expire", async () => {
    const app = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    await app.signInWithCredential({ email: "ana@example.org", password: "correct horse" });
    const before = await app.getAccessToken();
    tokenCalls.length = 0;
    api.clock.advance(60 * 60 * 1000);
    expect((await app.getUser())?.displayName).toBe("Ana");
    expect(tokenCalls).toHaveLength(1);
    expect(await app.getAccessToken()).not.toBe(before);
  });

  it("signs the session out when the server no longer knows the refresh token", async () => {
    const app = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore({ refreshToken: "0".repeat(45) }),
      ...runtimeOptions(),
    });
    const events: string[] = [];
    app.onAuthChange((event) => events.push(event.type));
    expect(await app.getUser()).toBeNull();
    expect(app.session.read()).toEqual({ refreshToken: null, accessToken: null });
    expect(events).toEqual(["signed-out"]);
  });
});

describe("ServerApp and AdminApp against the auth server", () => {
  it("creates, lists page by page, gets, updates and deletes users", async () => {
    const server = createServerApp({
      projectId: project.id,
      secretServerKey: project.keys.secretServerKey,
      ...runtimeOptions(),
    });
    const created = await Promise.all(
      ["b@example.org", "c@example.org"].map((email) =>
        server.createUser({ primaryEmail: email, primaryEmailAuthEnabled: true }),
      ),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await server.listUsers({ limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...result.items.map((u) => u.id));
      if (result.nextCursor === null) break;
      cursor = result.nextCursor;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const found = await server.listUsers({ query: "c@example" });
    expect(found.items.map((u) => u.primaryEmail)).toEqual(["c@example.org"]);

    const target = created[0];
    if (target === undefined) throw new Error("no user created");
    expect((await server.getUserById(target.id))?.primaryEmail).toBe("b@example.org");
    const updated = await server.updateUserById(target.id, { serverMetadata: { role: "editor" } });
    expect(updated.serverMetadata).toEqual({ role: "editor" });
    await server.deleteUserById(target.id);
    expect(await server.getUserById(target.id)).toBeNull();

    const admin = createAdminApp({
      projectId: project.id,
      superSecretAdminKey: project.keys.superSecretAdminKey,
      ...runtimeOptions(),
    });
    expect((await admin.listUsers()).items).toHaveLength(2);
  });

  it("a client cannot use server calls (INSUFFICIENT_ACCESS_TYPE)", async () => {
    const response = await api.request("/users", { accessType: "client", projectId: project.id });
    expect(response.status).toBe(401);
    const server = createServerApp({
      projectId: project.id,
      secretServerKey: "ssk_wrong",
      ...runtimeOptions(),
    });
    const error = await server.listUsers().catch((e: unknown) => e);
    expect(isKnownError(error, "INVALID_SECRET_SERVER_KEY")).toBe(true);
  });

  it("renders on the server with the session from the request cookies", async () => {
    const browser = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    await browser.signInWithCredential({ email: "ana@example.org", password: "correct horse" });
    const { refreshToken } = browser.session.read();
    const refreshCookie = `hexclave-refresh-${project.id}--default=${encodeCookieValue(
      JSON.stringify({ refresh_token: refreshToken, updated_at_millis: 1 }),
    )}`;
    const store = createRequestCookieTokenStore({
      projectId: project.id,
      request: new Request("http://site.test/", { headers: { cookie: refreshCookie } }),
    });
    const ssr = createServerApp({
      projectId: project.id,
      secretServerKey: project.keys.secretServerKey,
      tokenStore: store,
      ...runtimeOptions(),
    });
    expect((await ssr.getUser())?.primaryEmail).toBe("ana@example.org");
    // The access token minted while rendering goes back to the browser.
    expect(store.getSetCookieHeaders().some((h) => h.startsWith("hexclave-access="))).toBe(true);
  });
});
