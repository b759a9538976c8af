/**
 * CLI sign-in through the client library against the real auth server
 * (`@heritage/auth-server/testing`): the CLI prompt completed by a signed-in app, expiry, polls
 * running out, wrong login codes.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    displayName: "CLI",
  });
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

function newClientApp(target = project) {
  return createClientApp({
    projectId: target.id,
    publishableClientKey: target.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

function newServerApp(target = project) {
  return createServerApp({
    projectId: target.id,
    secretServerKey: target.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

let emailCounter = 0;
async function signedUp(target = project) {
  emailCounter += 1;
  const app = newClientApp(target);
  const result = await app.signUpWithCredential({
    email: `keys-${emailCounter}@example.org`,
    password: "a good password",
  });
  if (result.status !== "ok") throw new Error("sign-up failed");
  return { app, userId: result.data.userId };
}

describe("CLI sign-in through the client library", () => {
  it("the CLI prompt waits until a signed-in app completes it and gets its own session", async () => {
    const { app, userId } = await signedUp();
    let shownUrl = "";
    let completion: Promise<unknown> | null = null;
    let waits = 0;
    const cli = createClientApp({
      projectId: project.id,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
      // The user confirms in the browser while the CLI waits between polls.
      sleep: async (ms) => {
        waits += 1;
        if (completion) await completion;
        api.clock.advance(ms);
      },
    });
    const result = await cli.promptCliLogin({
      appUrl: "http://localhost:3000",
      waitTimeMillis: 1000,
      promptLink: (url, loginCode) => {
        shownUrl = url;
        completion = app.completeCliLogin(loginCode);
      },
    });
    expect(waits).toBe(1);
    expect(await completion).toEqual({ status: "ok", data: undefined });
    expect(new URL(shownUrl).pathname).toBe("/handler/cli-auth-confirm");
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    const server = newServerApp();
    const session = await api.request("/auth/sessions/current/refresh", {
      accessType: "client",
      projectId: project.id,
      method: "POST",
      refreshToken: result.data,
    });
    expect(session.status).toBe(200);
    expect((await server.getUserById(userId))?.id).toBe(userId);
  });

  it("an attempt nobody completes expires; a wrong login code is an error result", async () => {
    const cli = newClientApp();
    const result = await cli.promptCliLogin({
      appUrl: "http://localhost:3000",
      expiresInMillis: 10_000,
      waitTimeMillis: 4000,
    });
    expect(result.status === "error" && result.error.code).toBe("CLI_AUTH_EXPIRED_ERROR");

    const limited = await cli.promptCliLogin({ appUrl: "http://localhost:3000", maxAttempts: 2 });
    expect(limited.status === "error" && limited.error.code).toBe("CLI_AUTH_ERROR");

    const { app } = await signedUp();
    const wrong = await app.completeCliLogin("not-a-code");
    expect(wrong.status === "error" && wrong.error.message).toBe(
      "Invalid login code or the code has expired",
    );
    const signedOut = await newClientApp().completeCliLogin("not-a-code");
    expect(signedOut.status === "error" && signedOut.error.code).toBe(
      "USER_AUTHENTICATION_REQUIRED",
    );
  });
});
