/**
 * Interop: the official SDK's `promptCliLogin` (`@stackframe/js` 2.8.108) against this server over a
 * loopback port: it polls while the signed-in user completes the attempt, then holds a refresh token
 * that signs a new `StackClientApp` in as that user.
 */
import { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;

beforeAll(async () => {
  server = await startInteropServer();
});
afterAll(async () => {
  await server.close();
});

function createClientApp() {
  return new StackClientApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
}

type PromptOptions = Parameters<StackClientApp["promptCliLogin"]>[0];

/** The SDK's implementation reads `waitTimeMillis` and `maxAttempts`; its published type omits them. */
function promptCliLogin(
  app: StackClientApp,
  options: PromptOptions & { waitTimeMillis: number; maxAttempts: number },
) {
  const withPolling: PromptOptions = options;
  return app.promptCliLogin(withPolling);
}

describe("CLI sign-in through the SDK", () => {
  it("promptCliLogin gets a refresh token once the signed-in user completes the attempt", async () => {
    const user = await server.t.signUpUser();
    let confirmUrl = "";
    const completions: Promise<Response>[] = [];
    const result = await promptCliLogin(createClientApp(), {
      appUrl: "http://localhost:3000",
      waitTimeMillis: 20,
      maxAttempts: 50,
      promptLink: (url, loginCode) => {
        confirmUrl = url;
        // What the confirmation page sends for the signed-in user (the SDK's cliLogin body).
        completions.push(
          server.t.request("/auth/cli/complete", {
            accessType: "client",
            accessToken: user.accessToken,
            body: { login_code: loginCode, refresh_token: user.refreshToken },
          }),
        );
      },
    });
    expect(new URL(confirmUrl).searchParams.get("login_code")).toMatch(/^[0-9a-z]{45}$/);
    expect((await completions[0])?.status).toBe(200);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    // The browser's own session, as the reference hands it over (decision 020).
    expect(result.data).toBe(user.refreshToken);
    expect(server.countRequests("POST", "/api/v1/auth/cli/poll")).toBeGreaterThanOrEqual(1);

    const cli = new StackClientApp({
      projectId: "internal",
      publishableClientKey: server.t.internalProject.keys.publishableClientKey,
      baseUrl: server.baseUrl,
      tokenStore: { accessToken: "", refreshToken: result.data },
      noAutomaticPrefetch: true,
      devTool: false,
    });
    expect((await cli.getUser({ or: "throw" })).id).toBe(user.userId);
  });

  it("reports an expired attempt as CLI_AUTH_EXPIRED_ERROR", async () => {
    const result = await promptCliLogin(createClientApp(), {
      appUrl: "http://localhost:3000",
      expiresInMillis: 60_000,
      waitTimeMillis: 20,
      maxAttempts: 5,
      promptLink: () => server.t.clock.advance(60_000),
    });
    expect(result.status === "error" && result.error.errorCode).toBe("CLI_AUTH_EXPIRED_ERROR");
  });
});
