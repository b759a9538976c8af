/**
 * Interop: the official SDK (`@stackframe/js` 2.8.108) signs in with a magic link and with a typed
 * OTP (codes read from the server's e-mail outbox), signs up anonymously and upgrades, lists and
 * revokes the user's sessions, and `StackServerApp` creates and revokes sessions for a user.
 */
import { StackClientApp, StackServerApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;

beforeAll(async () => {
  server = await startInteropServer({ env: { STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED: "true" } });
});
afterAll(async () => {
  await server.close();
});

const callbackUrl = "http://localhost:12345/some-callback-url";

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

function createServerApp() {
  return new StackServerApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    secretServerKey: server.t.internalProject.keys.secretServerKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
  });
}

async function readOtp(email: string): Promise<string> {
  const mail = (await server.t.readOutbox(email)).at(-1);
  const otp = mail?.subject.match(/Your code is ([0-9A-Z]{6})$/)?.[1];
  if (!otp) throw new Error(`No sign-in e-mail to ${email}`);
  return otp;
}

describe("StackClientApp magic links", () => {
  it("signs a new user up with the link's code, then in again with the typed OTP", async () => {
    const email = `sdk-magic-${Date.now()}@example.com`;
    const app = createClientApp();
    const project = await app.getProject();
    expect(project.config.magicLinkEnabled).toBe(true);

    const sent = await app.sendMagicLinkEmail(email, { callbackUrl });
    expect(sent.status).toBe("ok");
    const code = await server.t.readCodeFromOutbox(email, "Sign in to Stack Dashboard");
    const signedIn = await app.signInWithMagicLink(code, { noRedirect: true });
    expect(signedIn.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.primaryEmailVerified).toBe(true);
    expect(user.otpAuthEnabled).toBe(true);

    const used = await createClientApp().signInWithMagicLink(code, { noRedirect: true });
    expect(used.status === "error" && used.error.errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");

    const other = createClientApp();
    const again = await other.sendMagicLinkEmail(email, { callbackUrl });
    if (again.status !== "ok") throw new Error("sending the second code failed");
    const otp = await readOtp(email);
    expect(
      (await other.signInWithMagicLink(`${otp}${again.data.nonce}`, { noRedirect: true })).status,
    ).toBe("ok");
    expect((await other.getUser({ or: "throw" })).id).toBe(user.id);
  });

  it("upgrades an anonymous user in place", async () => {
    const email = `sdk-anonymous-${Date.now()}@example.com`;
    const app = createClientApp();
    const anonymous = await app.getUser({ or: "anonymous" });
    expect(anonymous.isAnonymous).toBe(true);
    await app.sendMagicLinkEmail(email, { callbackUrl });
    const code = await server.t.readCodeFromOutbox(email, "Sign in to");
    expect((await app.signInWithMagicLink(code, { noRedirect: true })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.id).toBe(anonymous.id);
    expect(user.isAnonymous).toBe(false);
    expect(user.primaryEmail).toBe(email);
  });
});

describe("StackClientApp sessions", () => {
  it("lists the user's sessions, revokes another one and cannot revoke its own", async () => {
    const email = `sdk-sessions-${Date.now()}@example.com`;
    const first = createClientApp();
    await first.signUpWithCredential({
      email,
      password: "correct horse battery",
      noVerificationCallback: true,
      noRedirect: true,
    });
    server.t.clock.advance(1000);
    const second = createClientApp();
    await second.signInWithCredential({
      email,
      password: "correct horse battery",
      noRedirect: true,
    });

    const user = await second.getUser({ or: "throw" });
    const sessions = await user.getActiveSessions();
    expect(sessions.map((session) => session.isCurrentSession)).toEqual([true, false]);
    const current = sessions.find((session) => session.isCurrentSession);
    const other = sessions.find((session) => !session.isCurrentSession);
    expect(other?.isImpersonation).toBe(false);

    await expect(user.revokeSession(String(current?.id))).rejects.toMatchObject({
      errorCode: "CANNOT_DELETE_CURRENT_SESSION",
    });
    await user.revokeSession(String(other?.id));
    expect((await user.getActiveSessions()).map((session) => session.id)).toEqual([current?.id]);
  });
});

describe("StackServerApp sessions", () => {
  it("creates a session for a user, lists and revokes it", async () => {
    const serverApp = createServerApp();
    const user = await serverApp.createUser({
      primaryEmail: `sdk-server-${Date.now()}@example.com`,
    });
    const session = await user.createSession({ expiresInMillis: 60 * 60 * 1000 });
    const tokens = await session.getTokens();
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const listed = await user.getActiveSessions();
    expect(listed).toHaveLength(1);
    await user.revokeSession(String(listed[0]?.id));
    expect(await user.getActiveSessions()).toHaveLength(0);
  });
});
