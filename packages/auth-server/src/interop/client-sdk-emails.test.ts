/**
 * Interop: the official SDK (`@stackframe/js` 2.8.108, `StackClientApp`) resets a password and
 * verifies an e-mail against this server, with the codes read from the server's e-mail outbox (the
 * stand-in for the mailbox the reference's e2e suite reads). Also the user's notification
 * categories: `user.listNotificationCategories()` and `category.setEnabled()`.
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

describe("StackClientApp e-mail flows", () => {
  it("resets a forgotten password with the code from the e-mail", async () => {
    const email = `sdk-reset-${Date.now()}@example.com`;
    const app = createClientApp();
    const signUp = await app.signUpWithCredential({
      email,
      password: "first password",
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe("ok");

    const sent = await app.sendForgotPasswordEmail(email, { callbackUrl });
    expect(sent.status).toBe("ok");
    const code = await server.t.readCodeFromOutbox(email, "Reset your password");
    expect((await app.verifyPasswordResetCode(code)).status).toBe("ok");
    expect((await app.resetPassword({ code, password: "second password" })).status).toBe("ok");

    const reused = await app.resetPassword({ code, password: "third password" });
    expect(reused.status === "error" && reused.error.errorCode).toBe(
      "VERIFICATION_CODE_ALREADY_USED",
    );
    const fresh = createClientApp();
    const signIn = await fresh.signInWithCredential({
      email,
      password: "second password",
      noRedirect: true,
    });
    expect(signIn.status).toBe("ok");
  });

  it("sends the verification e-mail and verifies the address with its code", async () => {
    const email = `sdk-verify-${Date.now()}@example.com`;
    const app = createClientApp();
    await app.signUpWithCredential({
      email,
      password: "first password",
      noVerificationCallback: true,
      noRedirect: true,
    });
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmailVerified).toBe(false);
    const [primary] = await user.listContactChannels();
    await primary?.sendVerificationEmail({ callbackUrl });
    const code = await server.t.readCodeFromOutbox(email, "Verify your email");
    expect((await app.verifyEmail(code)).status).toBe("ok");
    expect((await app.getUser({ or: "throw" })).primaryEmailVerified).toBe(true);
    const channels = await user.listContactChannels();
    expect(channels.map((channel) => [channel.value, channel.isVerified])).toEqual([[email, true]]);
  });
});

describe("StackClientApp notification categories", () => {
  it("lists the categories and turns Marketing off and on again; the choice is stored", async () => {
    const email = `sdk-notifications-${Date.now()}@example.com`;
    const app = createClientApp();
    const signUp = await app.signUpWithCredential({
      email,
      password: "notification password",
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(signUp.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });

    const summary = async () =>
      (await user.listNotificationCategories()).map(({ name, enabled, canDisable }) => ({
        name,
        enabled,
        canDisable,
      }));
    expect(await summary()).toEqual([
      { name: "Transactional", enabled: true, canDisable: false },
      { name: "Marketing", enabled: true, canDisable: true },
    ]);

    const marketing = (await user.listNotificationCategories()).find((c) => c.name === "Marketing");
    await marketing?.setEnabled(false);
    expect(await summary()).toContainEqual({ name: "Marketing", enabled: false, canDisable: true });
    // Stored on the server, not only in the SDK's cache: the server API reads the same choice.
    const stored = await server.t.request(`/emails/notification-preference/${user.id}`, {
      accessType: "server",
    });
    const items = (
      (await stored.json()) as { items: { notification_category_name: string; enabled: boolean }[] }
    ).items;
    expect(items.find((item) => item.notification_category_name === "Marketing")?.enabled).toBe(
      false,
    );

    await marketing?.setEnabled(true);
    expect(await summary()).toContainEqual({ name: "Marketing", enabled: true, canDisable: true });
  });
});
