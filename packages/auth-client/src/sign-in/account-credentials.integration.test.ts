/**
 * Password reset, password change and e-mail verification through the client library against the
 * real auth server (`@heritage/auth-server/testing`), reading codes from the server's e-mail outbox.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const callbackUrl = "http://localhost:3000/handler/callback";

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Heritage" });
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

function newClientApp() {
  return createClientApp({
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });
}

async function signedUp(email: string) {
  const app = newClientApp();
  const result = await app.signUpWithCredential({ email, password: "first password" });
  expect(result.status).toBe("ok");
  return app;
}

describe("password reset through the client library", () => {
  it("sends the e-mail, checks and redeems the code, and the new password works", async () => {
    const app = await signedUp("forgot@example.org");
    const anonymous = newClientApp();
    expect(await anonymous.sendForgotPasswordEmail("forgot@example.org", { callbackUrl })).toEqual({
      status: "ok",
      data: undefined,
    });
    const code = await api.readCodeFromOutbox("forgot@example.org", "Reset your password");
    expect((await anonymous.verifyPasswordResetCode(code)).status).toBe("ok");
    expect(await anonymous.resetPassword({ code, password: "second password" })).toEqual({
      status: "ok",
      data: undefined,
    });
    // The reset ended the old session: once its access token expires, it cannot be refreshed.
    api.clock.advance(60 * 60 * 1000);
    expect(await app.getUser()).toBeNull();
    const again = await anonymous.resetPassword({ code, password: "third password" });
    expect(again.status === "error" && again.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    const signIn = await anonymous.signInWithCredential({
      email: "forgot@example.org",
      password: "second password",
    });
    expect(signIn.status).toBe("ok");
  });

  it("returns the server's errors as results", async () => {
    const app = newClientApp();
    const unknown = await app.sendForgotPasswordEmail("nobody@example.org", { callbackUrl });
    expect(unknown.status).toBe("ok");
    const wrongCode = await app.verifyPasswordResetCode("a".repeat(45));
    expect(wrongCode.status === "error" && wrongCode.error.code).toBe(
      "VERIFICATION_CODE_NOT_FOUND",
    );
    await signedUp("short-reset@example.org");
    await app.sendForgotPasswordEmail("short-reset@example.org", { callbackUrl });
    const code = await api.readCodeFromOutbox("short-reset@example.org", "Reset your password");
    const short = await app.resetPassword({ code, password: "short" });
    expect(short.status === "error" && short.error.code).toBe("PASSWORD_TOO_SHORT");
  });
});

describe("password update and set", () => {
  it("updates the password of the signed-in user and keeps this session", async () => {
    const app = await signedUp("update@example.org");
    const wrong = await app.updatePassword({ oldPassword: "nope nope", newPassword: "new pass 1" });
    expect(wrong.status === "error" && wrong.error.code).toBe("PASSWORD_CONFIRMATION_MISMATCH");
    const ok = await app.updatePassword({
      oldPassword: "first password",
      newPassword: "new pass 1",
    });
    expect(ok.status).toBe("ok");
    expect((await app.getUser())?.primaryEmail).toBe("update@example.org");
    // A plain-text 400 (not a known error) rejects.
    await expect(app.setPassword({ password: "another one" })).rejects.toThrow(
      "User already has a password set.",
    );
  });

  it("sets a password for a user created without one", async () => {
    const server = createServerApp({
      projectId: project.id,
      secretServerKey: project.keys.secretServerKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const created = await api.request("/users", {
      accessType: "server",
      projectId: project.id,
      body: { primary_email: "no-password@example.org", primary_email_auth_enabled: true },
    });
    const { id } = (await created.json()) as { id: string };
    const session = (await (
      await api.request("/auth/sessions", {
        accessType: "server",
        projectId: project.id,
        body: { user_id: id },
      })
    ).json()) as { access_token: string; refresh_token: string };
    server.session.setTokens({
      accessToken: session.access_token,
      refreshToken: session.refresh_token,
    });
    expect((await server.setPassword({ password: "brand new pw" })).status).toBe("ok");
    const signIn = await newClientApp().signInWithCredential({
      email: "no-password@example.org",
      password: "brand new pw",
    });
    expect(signIn.status).toBe("ok");
  });
});

describe("e-mail verification through the client library", () => {
  it("lists channels, sends the verification e-mail and verifies with its code", async () => {
    const app = await signedUp("verify@example.org");
    const [channel] = await app.listContactChannels();
    expect(channel).toMatchObject({
      value: "verify@example.org",
      type: "email",
      isPrimary: true,
      isVerified: false,
      usedForAuth: true,
    });
    expect((await app.sendVerificationEmail({ callbackUrl })).status).toBe("ok");
    const code = await api.readCodeFromOutbox("verify@example.org", "Verify your email");
    expect(await newClientApp().verifyEmail(code)).toEqual({ status: "ok", data: undefined });
    expect((await app.getUser())?.primaryEmailVerified).toBe(true);
    const again = await app.sendVerificationEmail({ callbackUrl });
    expect(again.status === "error" && again.error.code).toBe("EMAIL_ALREADY_VERIFIED");
    const bad = await app.verifyEmail("z".repeat(45));
    expect(bad.status === "error" && bad.error.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});
