import { getProtocolHeaderNames, isKnownError } from "@heritage/auth-protocol";
import { describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { AuthHttpError, AuthNetworkError, AuthOfflineError, AuthProtocolError } from "../errors";
import { createServerApp } from "../server-app";
import {
  createFakeFetch,
  createTestRuntime,
  type FakeHandler,
  jsonResponse,
  knownErrorResponse,
  makeAccessToken,
  makeClientUser,
  makeServerUser,
  projectId,
  refreshGrantResponse,
  startMs,
  userId,
} from "../testing/fake-server";
import { createMemoryTokenStore } from "../token-stores/memory";
import type { StoredTokens } from "../token-stores/token-store";
import { parseRetryAfterMs } from "./send-request";

const refreshToken = "r".repeat(45);

function setup(handler: FakeHandler, tokens: Partial<StoredTokens> = {}) {
  const fake = createFakeFetch(handler);
  const test = createTestRuntime(fake.fetch);
  const store = createMemoryTokenStore(tokens);
  const app = createClientApp({
    projectId,
    publishableClientKey: "pck_test",
    baseUrl: "http://auth.test/",
    tokenStore: store,
    ...test.runtime,
  });
  return { app, store, calls: fake.calls, ...test };
}

const isTokenCall = (url: string) => url.endsWith("/api/v1/auth/oauth/token");
const userResponse = () => jsonResponse(makeClientUser());

describe("headers", () => {
  it("sends the X-Hexclave-* set of SDK 2.8.108 and no x-stack-* names", async () => {
    const accessToken = makeAccessToken();
    const { app, calls } = setup(userResponse, { refreshToken, accessToken });
    await app.getUser();
    const [call] = calls;
    expect(call?.url).toBe("http://auth.test/api/v1/users/me");
    const headers = Object.fromEntries(call?.headers ?? []);
    expect(headers).toEqual({
      "x-hexclave-override-error-status": "true",
      "x-hexclave-project-id": projectId,
      "x-hexclave-access-type": "client",
      "x-hexclave-client-version": "js @heritage/auth-client@0.1.0",
      "x-hexclave-access-token": accessToken,
      "x-hexclave-refresh-token": refreshToken,
      "x-hexclave-allow-anonymous-user": "true",
      "x-hexclave-publishable-client-key": "pck_test",
      "x-hexclave-random-nonce": expect.stringMatching(/^[0-9a-hjkmnp-tv-z]{45}$/),
      "ngrok-skip-browser-warning": "true",
    });
    expect(Object.keys(headers).some((name) => name.startsWith("x-stack-"))).toBe(false);
    expect(getProtocolHeaderNames("random-nonce")[0]).toBe("x-hexclave-random-nonce");
  });

  it("sends a new nonce on every request and no user tokens when signed out", async () => {
    const { app, calls } = setup(() => jsonResponse({ id: projectId }));
    await app.getProject().catch(() => undefined);
    await app.getProject().catch(() => undefined);
    const nonces = calls.map((c) => c.headers.get("x-hexclave-random-nonce"));
    expect(new Set(nonces).size).toBe(2);
    expect(calls[0]?.headers.has("x-hexclave-access-token")).toBe(false);
    expect(calls[0]?.headers.has("x-hexclave-refresh-token")).toBe(false);
  });

  it("sends the app's language as Accept-Language, asking a function anew at each request", async () => {
    const fake = createFakeFetch(() => jsonResponse({ id: projectId }));
    let pageLanguage: string | undefined = "de";
    const app = createClientApp({
      projectId,
      publishableClientKey: "pck_test",
      baseUrl: "http://auth.test/",
      tokenStore: "memory",
      language: () => pageLanguage,
      ...createTestRuntime(fake.fetch).runtime,
    });
    await app.getProject().catch(() => undefined);
    pageLanguage = "bs";
    await app.getProject().catch(() => undefined);
    pageLanguage = undefined;
    await app.getProject().catch(() => undefined);
    expect(fake.calls.map((call) => call.headers.get("accept-language"))).toEqual([
      "de",
      "bs",
      null,
    ]);
  });

  it("server apps add the secret key; admin apps send both keys, empty when missing", async () => {
    const fake = createFakeFetch(() => jsonResponse({ success: true }));
    const runtime = createTestRuntime(fake.fetch).runtime;
    await createServerApp({ projectId, secretServerKey: "ssk_1", ...runtime }).deleteUserById("u1");
    await createAdminApp({ projectId, superSecretAdminKey: "sak_1", ...runtime }).deleteUserById(
      "u1",
    );
    const [server, admin] = fake.calls;
    expect(server?.headers.get("x-hexclave-access-type")).toBe("server");
    expect(server?.headers.get("x-hexclave-secret-server-key")).toBe("ssk_1");
    expect(server?.headers.has("x-hexclave-super-secret-admin-key")).toBe(false);
    expect(server?.method).toBe("DELETE");
    expect(server?.body).toBe("{}");
    expect(admin?.headers.get("x-hexclave-access-type")).toBe("admin");
    expect(admin?.headers.get("x-hexclave-secret-server-key")).toBe("");
    expect(admin?.headers.get("x-hexclave-super-secret-admin-key")).toBe("sak_1");
  });

  it("an admin app on a project owner's session sends its access token as admin token", async () => {
    const ownerToken = makeAccessToken({ tag: "owner" });
    const owner = setup(userResponse, { refreshToken, accessToken: ownerToken });
    const fake = createFakeFetch(() => jsonResponse({ id: projectId }));
    const admin = createAdminApp({
      projectId,
      projectOwnerSession: owner.app.session,
      ...createTestRuntime(fake.fetch).runtime,
    });
    await admin.getAdminProject();
    expect(fake.calls[0]?.headers.get("x-hexclave-admin-access-token")).toBe(ownerToken);
    expect(fake.calls[0]?.url).toBe("/api/v1/internal/projects/current");
  });
});

describe("access-token refresh", () => {
  it("refreshes first when the access token expires within 20 s", async () => {
    const fresh = makeAccessToken({ tag: "fresh" });
    const { app, calls } = setup(
      (call) => (isTokenCall(call.url) ? refreshGrantResponse(fresh) : userResponse()),
      { refreshToken, accessToken: makeAccessToken({ expiresInS: 19 }) },
    );
    await app.getUser();
    expect(calls.map((c) => c.url)).toEqual([
      "http://auth.test/api/v1/auth/oauth/token",
      "http://auth.test/api/v1/users/me",
    ]);
    const [refresh, request] = calls;
    expect(refresh?.method).toBe("POST");
    expect(refresh?.headers.get("content-type")).toBe(
      "application/x-www-form-urlencoded;charset=UTF-8",
    );
    expect(refresh?.headers.get("accept")).toBe("application/json");
    expect([...(refresh?.headers.keys() ?? [])].some((name) => name.startsWith("x-"))).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(refresh?.body ?? ""))).toEqual({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: projectId,
      client_secret: "pck_test",
    });
    expect(request?.headers.get("x-hexclave-access-token")).toBe(fresh);
  });

  it("does not refresh a token valid for 20 s or more", async () => {
    const { app, calls } = setup(userResponse, {
      refreshToken,
      accessToken: makeAccessToken({ expiresInS: 20 }),
    });
    await app.getUser();
    expect(calls.map((c) => c.url)).toEqual(["http://auth.test/api/v1/users/me"]);
  });

  it("sends the public-client sentinel as client secret without a publishable key", async () => {
    const fake = createFakeFetch((call) =>
      isTokenCall(call.url) ? refreshGrantResponse(makeAccessToken()) : userResponse(),
    );
    const app = createClientApp({
      projectId,
      tokenStore: createMemoryTokenStore({ refreshToken }),
      ...createTestRuntime(fake.fetch).runtime,
    });
    await app.getUser();
    expect(new URLSearchParams(fake.calls[0]?.body ?? "").get("client_secret")).toBe(
      "__stack_public_client__",
    );
    expect(fake.calls[1]?.headers.has("x-hexclave-publishable-client-key")).toBe(false);
  });

  it("shares one refresh between concurrent requests", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, calls } = setup(
      async (call) => {
        if (!isTokenCall(call.url)) return userResponse();
        await gate;
        return refreshGrantResponse(makeAccessToken({ tag: "shared" }));
      },
      { refreshToken },
    );
    const pending = Promise.all([app.getUser(), app.getUser(), app.getAccessToken()]);
    await Promise.resolve();
    release();
    await pending;
    expect(calls.filter((c) => isTokenCall(c.url))).toHaveLength(1);
    expect(calls.filter((c) => c.url.endsWith("/users/me"))).toHaveLength(2);
  });

  it("clears a stale access token and retries (INVALID_ACCESS_TOKEN family), for POST too", async () => {
    const stale = makeAccessToken({ tag: "stale" });
    const fresh = makeAccessToken({ tag: "fresh" });
    let patches = 0;
    const { app, calls, sleeps, store } = setup(
      (call) => {
        if (isTokenCall(call.url)) return refreshGrantResponse(fresh);
        patches++;
        return patches === 1
          ? knownErrorResponse("ACCESS_TOKEN_EXPIRED", 401, {
              details: { expired_at_millis: null },
            })
          : userResponse();
      },
      { refreshToken, accessToken: stale },
    );
    await app.updateUser({ displayName: "Ana" });
    expect(calls.map((c) => [c.method, c.url.replace("http://auth.test/api/v1", "")])).toEqual([
      ["PATCH", "/users/me"],
      ["POST", "/auth/oauth/token"],
      ["PATCH", "/users/me"],
    ]);
    expect(calls[0]?.headers.get("x-hexclave-access-token")).toBe(stale);
    expect(calls[2]?.headers.get("x-hexclave-access-token")).toBe(fresh);
    expect(calls[2]?.body).toBe(JSON.stringify({ display_name: "Ana" }));
    expect(sleeps).toEqual([1000]);
    expect(store.read()).toEqual({ refreshToken, accessToken: fresh });
  });

  it("marks the session invalid when the refresh is rejected (REFRESH_TOKEN_ERROR family)", async () => {
    const { app, calls, store } = setup(
      (call) =>
        isTokenCall(call.url)
          ? knownErrorResponse("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401, { overridden: false })
          : knownErrorResponse("CANNOT_GET_OWN_USER_WITHOUT_USER", 400),
      { refreshToken, accessToken: makeAccessToken({ expiresInS: 5 }) },
    );
    const events: string[] = [];
    app.onAuthChange((event) => events.push(event.type));
    expect(await app.getUser()).toBeNull();
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
    expect(events).toEqual(["signed-out"]);
    expect(calls[1]?.headers.has("x-hexclave-access-token")).toBe(false);
    // Signed out for good: no more refresh attempts.
    expect(await app.getAccessToken()).toBeNull();
    expect(calls.filter((c) => isTokenCall(c.url))).toHaveLength(1);
  });

  it("retries other refresh failures 5 times, then fails as a network error", async () => {
    const { app, calls, sleeps } = setup(() => new Response("boom", { status: 500 }), {
      refreshToken,
    });
    await expect(app.getAccessToken()).rejects.toBeInstanceOf(AuthNetworkError);
    expect(calls).toHaveLength(5);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
  });
});

describe("rate limiting (429)", () => {
  it("waits Retry-After seconds, then retries", async () => {
    let count = 0;
    const { app, sleeps, calls } = setup(() =>
      ++count === 1
        ? new Response("slow down", { status: 429, headers: { "retry-after": "3" } })
        : jsonResponse({ success: true }),
    );
    await app.getProject().catch(() => undefined);
    expect(sleeps).toEqual([3000]);
    expect(calls).toHaveLength(2);
  });

  it("retries at once without Retry-After, for POST too", async () => {
    let count = 0;
    const fake = createFakeFetch(() =>
      ++count < 3 ? new Response("", { status: 429 }) : jsonResponse(makeServerUser()),
    );
    const test = createTestRuntime(fake.fetch);
    const server = createServerApp({ projectId, secretServerKey: "ssk", ...test.runtime });
    await server.createUser({ displayName: "Ana" }).catch(() => undefined);
    expect(fake.calls.map((c) => c.method)).toEqual(["POST", "POST", "POST"]);
    expect(test.sleeps).toEqual([]);
  });

  it("gives up after 5 attempts with the 429 as an AuthHttpError", async () => {
    const { app, calls } = setup(() => new Response("", { status: 429 }));
    const error = await app.getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthHttpError);
    expect((error as AuthHttpError).status).toBe(429);
    expect(calls).toHaveLength(5);
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfterMs("2", startMs)).toBe(2000);
    expect(parseRetryAfterMs(new Date(startMs + 5000).toUTCString(), startMs)).toBe(5000);
    expect(parseRetryAfterMs(null, startMs)).toBeNull();
    expect(parseRetryAfterMs("soon", startMs)).toBeNull();
  });
});

describe("network failures", () => {
  const networkError = () => Promise.reject(new TypeError("fetch failed"));

  it("retries idempotent methods with exponential backoff from 1 s", async () => {
    let count = 0;
    const { app, sleeps, calls } = setup(() =>
      ++count < 3 ? networkError() : jsonResponse(makeClientUser()),
    );
    await app.getProject().catch(() => undefined);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it("applies ±50 % jitter from the injected random source", async () => {
    const { app, sleeps, state } = setup(() => networkError());
    state.random = 0;
    await app.getProject().catch(() => undefined);
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
    const second = setup(() => networkError());
    second.state.random = 0.999;
    await second.app.getProject().catch(() => undefined);
    expect(second.sleeps.map(Math.round)).toEqual([1499, 2998, 5996, 11992]);
  });

  it("fails with AuthNetworkError after 5 attempts", async () => {
    const { app, sleeps, calls } = setup(() => networkError());
    const error = await app.getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthNetworkError);
    expect((error as AuthNetworkError).cause).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(5);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000]);
  });

  it("does not resend non-idempotent methods (POST, PATCH)", async () => {
    const { app, sleeps, calls } = setup(() => networkError(), {
      refreshToken,
      accessToken: makeAccessToken(),
    });
    await expect(
      app.signInWithCredential({ email: "a@b.c", password: "x" }),
    ).rejects.toBeInstanceOf(AuthNetworkError);
    await expect(app.updateUser({ displayName: "x" })).rejects.toBeInstanceOf(AuthNetworkError);
    expect(calls.map((c) => c.method)).toEqual(["POST", "PATCH"]);
    expect(sleeps).toEqual([]);
  });

  it("resends a POST when the connection was never made (the server cannot have acted)", async () => {
    let count = 0;
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const { app, sleeps, calls } = setup(() =>
      ++count < 3
        ? Promise.reject(refused)
        : jsonResponse({
            access_token: makeAccessToken(),
            refresh_token: refreshToken,
            user_id: userId,
          }),
    );
    const result = await app.signInWithCredential({ email: "a@b.c", password: "x" });
    expect(result.status).toBe("ok");
    expect(calls.map((c) => c.method)).toEqual(["POST", "POST", "POST"]);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it("reports an offline runtime with the offline error", async () => {
    const { app, state } = setup(() => networkError());
    state.online = false;
    const error = await app.getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthOfflineError);
    expect((error as Error).message).toMatch(/^You are offline\./);
    await expect(
      app.signInWithCredential({ email: "a@b.c", password: "x" }),
    ).rejects.toBeInstanceOf(AuthOfflineError);
  });
});

describe("error responses", () => {
  it("turns an unknown code into UNSUPPORTED_ERROR", async () => {
    const { app } = setup(() => knownErrorResponse("SOMETHING_NEW", 400));
    const error = await app.getProject().catch((e: unknown) => e);
    expect(isKnownError(error, "UNSUPPORTED_ERROR")).toBe(true);
    expect(isKnownError(error) && error.details).toMatchObject({
      originalErrorCode: "SOMETHING_NEW",
      originalStatus: 400,
    });
  });

  it("reads the real status from x-stack-actual-status / x-hexclave-actual-status", async () => {
    const fake = createFakeFetch(() =>
      jsonResponse(
        { code: "USER_NOT_FOUND", error: "User not found." },
        { headers: { "x-stack-known-error": "USER_NOT_FOUND", "x-stack-actual-status": "404" } },
      ),
    );
    const server = createServerApp({
      projectId,
      secretServerKey: "ssk",
      ...createTestRuntime(fake.fetch).runtime,
    });
    expect(await server.getUserById("nope")).toBeNull();

    const plain = setup(
      () =>
        new Response("Invalid profile image URL", {
          headers: { "x-hexclave-actual-status": "400" },
        }),
    );
    const error = await plain.app.getProject().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthHttpError);
    expect(error).toMatchObject({ status: 400, body: "Invalid profile image URL" });
    expect(plain.calls).toHaveLength(1);
  });

  it("throws known errors with the server's code and message", async () => {
    const { app } = setup(() =>
      knownErrorResponse("CURRENT_PROJECT_NOT_FOUND", 400, {
        details: { project_id: projectId },
        message: "Project not found",
      }),
    );
    const error = await app.getProject().catch((e: unknown) => e);
    expect(isKnownError(error, "CURRENT_PROJECT_NOT_FOUND")).toBe(true);
    expect((error as Error).message).toBe("Project not found");
  });

  it("throws 5xx at once and retries 508 INFINITE_LOOP_DETECTED", async () => {
    const five = setup(() => new Response("oops", { status: 500 }));
    await expect(five.app.getProject()).rejects.toMatchObject({ status: 500 });
    expect(five.calls).toHaveLength(1);
    let count = 0;
    const loop = setup(() =>
      ++count === 1
        ? new Response("INFINITE_LOOP_DETECTED", { status: 508 })
        : new Response("oops", { status: 500 }),
    );
    await expect(loop.app.getProject()).rejects.toMatchObject({ status: 500 });
    expect(loop.calls).toHaveLength(2);
    expect(loop.sleeps).toEqual([1000]);
  });

  it("rejects a known-error header that does not match the body", async () => {
    const { app } = setup(() =>
      jsonResponse(
        { code: "USER_NOT_FOUND", error: "x" },
        { status: 404, headers: { "x-hexclave-known-error": "TEAM_NOT_FOUND" } },
      ),
    );
    await expect(app.getProject()).rejects.toBeInstanceOf(AuthProtocolError);
  });
});
