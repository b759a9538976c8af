import { isKnownError } from "@heritage/auth-protocol";
import { describe, expect, it } from "vitest";
import { createClientApp } from "./client-app";
import { createCurrentUserStore } from "./current-user-store";
import {
  createFakeFetch,
  createTestRuntime,
  type FakeHandler,
  jsonResponse,
  knownErrorResponse,
  makeAccessToken,
  makeClientUser,
  projectId,
  userId,
} from "./testing/fake-server";
import { createMemoryTokenStore } from "./token-stores/memory";
import type { StoredTokens } from "./token-stores/token-store";

const refreshToken = "r".repeat(45);

function setup(handler: FakeHandler, tokens: Partial<StoredTokens> = {}) {
  const fake = createFakeFetch(handler);
  const store = createMemoryTokenStore(tokens);
  const app = createClientApp({
    projectId,
    tokenStore: store,
    ...createTestRuntime(fake.fetch).runtime,
  });
  return { app, store, calls: fake.calls };
}

const path = (url: string) => url.replace("/api/v1", "");

describe("sign-in and sign-up", () => {
  it("stores the session and reports the user id", async () => {
    const accessToken = makeAccessToken();
    const { app, store, calls } = setup(() =>
      jsonResponse({ access_token: accessToken, refresh_token: refreshToken, user_id: userId }),
    );
    const events: string[] = [];
    app.onAuthChange((event) => events.push(event.type));
    const result = await app.signInWithCredential({ email: "ana@example.org", password: "pw" });
    expect(result).toEqual({ status: "ok", data: { userId } });
    expect(store.read()).toEqual({ refreshToken, accessToken });
    expect(events).toEqual(["signed-in"]);
    expect(calls[0]?.method).toBe("POST");
    expect(path(calls[0]?.url ?? "")).toBe("/auth/password/sign-in");
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({ email: "ana@example.org", password: "pw" });
  });

  it("returns the server's known error (code and message) instead of throwing", async () => {
    const { app, store } = setup(() =>
      knownErrorResponse("EMAIL_PASSWORD_MISMATCH", 400, { message: "Wrong e-mail or password." }),
    );
    const result = await app.signInWithCredential({ email: "ana@example.org", password: "no" });
    expect(result.status).toBe("error");
    if (result.status !== "error") return;
    expect(result.error.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect(result.error.message).toBe("Wrong e-mail or password.");
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
  });

  it("sends the verification callback URL on sign-up", async () => {
    const { app, calls } = setup(() =>
      knownErrorResponse("USER_EMAIL_ALREADY_EXISTS", 409, {
        details: { email: "ana@example.org", would_work_if_email_was_verified: false },
      }),
    );
    const result = await app.signUpWithCredential({
      email: "ana@example.org",
      password: "longpassword",
      verificationCallbackUrl: "https://site.test/handler/email-verification",
    });
    expect(
      result.status === "error" && isKnownError(result.error, "USER_EMAIL_ALREADY_EXISTS"),
    ).toBe(true);
    expect(JSON.parse(calls[0]?.body ?? "")).toEqual({
      email: "ana@example.org",
      password: "longpassword",
      verification_callback_url: "https://site.test/handler/email-verification",
    });
  });
});

describe("current user", () => {
  it("is null when signed out, without a request", async () => {
    const { app, calls } = setup(() => jsonResponse(makeClientUser()));
    expect(await app.getUser()).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("is null when the server has no user for the tokens", async () => {
    const { app } = setup(() => knownErrorResponse("CANNOT_GET_OWN_USER_WITHOUT_USER", 400), {
      refreshToken,
      accessToken: makeAccessToken(),
    });
    expect(await app.getUser()).toBeNull();
  });

  it("maps the wire user to camelCase", async () => {
    const { app } = setup(() => jsonResponse(makeClientUser()), {
      refreshToken,
      accessToken: makeAccessToken(),
    });
    const user = await app.getUser();
    expect(user).toMatchObject({
      id: userId,
      primaryEmail: "ana@example.org",
      displayName: "Ana",
      hasPassword: true,
      selectedTeam: null,
    });
    expect(user?.signedUpAt).toBeInstanceOf(Date);
  });

  it("signs out on the server, then drops the tokens", async () => {
    const { app, store, calls } = setup(() => jsonResponse({ success: true }), {
      refreshToken,
      accessToken: makeAccessToken(),
    });
    await app.signOut();
    expect(calls.map((c) => [c.method, path(c.url), c.body])).toEqual([
      ["DELETE", "/auth/sessions/current", "{}"],
    ]);
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
  });

  it("drops the tokens even when the server already ended the session", async () => {
    const { app, store } = setup(
      () => knownErrorResponse("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401),
      {
        refreshToken,
        accessToken: makeAccessToken(),
      },
    );
    await app.signOut();
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
  });

  it("keeps the session when the server fails to end it, so signing out can be tried again", async () => {
    const accessToken = makeAccessToken();
    let serverAnswers = false;
    const { app, store } = setup(
      () =>
        serverAnswers ? jsonResponse({ success: true }) : new Response("down", { status: 500 }),
      { refreshToken, accessToken },
    );
    await expect(app.signOut()).rejects.toThrow();
    expect(store.read()).toEqual({ refreshToken, accessToken });
    serverAnswers = true;
    await app.signOut();
    expect(store.read()).toEqual({ refreshToken: null, accessToken: null });
  });

  it("gives auth headers in the SDK's x-stack-auth format", async () => {
    const accessToken = makeAccessToken();
    const { app } = setup(() => jsonResponse({}), { refreshToken, accessToken });
    expect(await app.getAuthHeaders()).toEqual({
      "x-stack-auth": JSON.stringify({ accessToken, refreshToken }),
    });
    await app.signOut();
    expect(await app.getAuthHeaders()).toEqual({
      "x-stack-auth": JSON.stringify({ accessToken: null, refreshToken: null }),
    });
  });
});

describe("current-user store", () => {
  it("loads, follows sign-out and takes updateUser results", async () => {
    const { app } = setup(
      (call) =>
        call.method === "PATCH"
          ? jsonResponse(makeClientUser({ display_name: "Ana M." }))
          : call.method === "DELETE"
            ? jsonResponse({ success: true })
            : jsonResponse(makeClientUser()),
      { refreshToken, accessToken: makeAccessToken() },
    );
    const store = createCurrentUserStore(app);
    const seen: string[] = [];
    store.subscribe(() => {
      const state = store.getSnapshot();
      seen.push(state.user === null ? state.status : `${state.status}:${state.user.displayName}`);
    });
    expect(store.getSnapshot().status).toBe("loading");
    await store.reload();
    await app.updateUser({ displayName: "Ana M." });
    await app.signOut();
    expect(seen).toEqual(["signed-in:Ana", "signed-in:Ana M.", "signed-out"]);
  });
});
