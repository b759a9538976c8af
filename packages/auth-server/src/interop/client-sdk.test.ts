/**
 * Interop: the official SDK (`@stackframe/js` 2.8.108, `StackClientApp`) against this server over a
 * loopback port. The server's clock is injected, so an access token expires without waiting.
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

const password = "correct horse battery";

describe("StackClientApp against the server (happy)", () => {
  const email = `sdk-client-${Date.now()}@example.com`;

  it("signs up, reads and updates the user", async () => {
    const app = createClientApp();
    const result = await app.signUpWithCredential({
      email,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(result.status).toBe("ok");
    const project = await app.getProject();
    expect(project.displayName).toBe("Stack Dashboard");
    expect(project.config.credentialEnabled).toBe(true);
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.hasPassword).toBe(true);
    expect(user.selectedTeam?.displayName).toBe(`${email}'s Team`);
    await user.update({ displayName: "Ada Lovelace", clientMetadata: { theme: "dark" } });
    const again = await app.getUser({ or: "throw" });
    expect(again.displayName).toBe("Ada Lovelace");
    expect(again.clientMetadata).toEqual({ theme: "dark" });
  });

  it("signs in, refreshes an expired access token and signs out", async () => {
    const app = createClientApp();
    const result = await app.signInWithCredential({ email, password, noRedirect: true });
    expect(result.status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).primaryEmail).toBe(email);

    // The server now regards the SDK's access token as expired; the SDK must refresh and retry.
    const refreshesBefore = server.countRequests("POST", "/api/v1/auth/oauth/token");
    server.t.clock.advance(11 * 60 * 1000);
    const user = await app.getUser({ or: "throw" });
    await user.update({ displayName: "After refresh" });
    expect(server.countRequests("POST", "/api/v1/auth/oauth/token")).toBeGreaterThan(
      refreshesBefore,
    );
    expect((await app.getUser({ or: "throw" })).displayName).toBe("After refresh");

    await user.signOut({ redirectUrl: "http://localhost:12345/after-sign-out" }).catch(() => {});
    expect(server.countRequests("DELETE", "/api/v1/auth/sessions/current")).toBe(1);
    expect(await app.getUser()).toBeNull();
  });
});

describe("StackClientApp typed errors (error)", () => {
  it("returns EmailPasswordMismatch for a wrong password", async () => {
    const app = createClientApp();
    const result = await app.signInWithCredential({
      email: "nobody@example.com",
      password: "wrong password",
      noRedirect: true,
    });
    expect(result.status).toBe("error");
    if (result.status === "error") expect(result.error.errorCode).toBe("EMAIL_PASSWORD_MISMATCH");
  });

  it("returns UserEmailAlreadyExists and PasswordTooShort at sign-up", async () => {
    const app = createClientApp();
    const email = `sdk-duplicate-${Date.now()}@example.com`;
    const first = await app.signUpWithCredential({
      email,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(first.status).toBe("ok");
    const duplicate = await createClientApp().signUpWithCredential({
      email,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(duplicate.status === "error" && duplicate.error.errorCode).toBe(
      "USER_EMAIL_ALREADY_EXISTS",
    );
    const short = await createClientApp().signUpWithCredential({
      email: `sdk-short-${Date.now()}@example.com`,
      password: "short",
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(short.status === "error" && short.error.errorCode).toBe("PASSWORD_TOO_SHORT");
  });
});
