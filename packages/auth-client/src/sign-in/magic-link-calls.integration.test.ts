/**
 * Magic links, OTP codes and anonymous users through the client library against the real auth
 * server (`@heritage/auth-server/testing`), reading the codes from the server's e-mail outbox.
 */
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppOptions } from "../app-core";
import { createClientApp } from "../client-app";
import { createMemoryTokenStore } from "../token-stores/memory";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;
const callbackUrl = "http://localhost:3000/handler/magic-link-callback";

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({
    displayName: "Heritage",
    config: { auth: { otp: { allowSignIn: true } } },
  });
});
afterAll(async () => {
  await api?.close();
});

function newClientApp(projectId = project.id) {
  return createClientApp({
    projectId,
    tokenStore: createMemoryTokenStore(),
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  } satisfies AppOptions);
}

async function readOtp(email: string): Promise<string> {
  const mail = (await api.readOutbox(email)).at(-1);
  const otp = mail?.subject.match(/Your code is ([0-9A-Z]{6})$/)?.[1];
  if (!otp) throw new Error(`No sign-in e-mail to ${email}`);
  return otp;
}

describe("magic links", () => {
  it("signs a new user up with the link's code and reports is-new-user", async () => {
    const app = newClientApp();
    const sent = await app.sendMagicLinkEmail("link@example.org", { callbackUrl });
    expect(sent.status === "ok" && sent.data.nonce).toMatch(/^[0-9a-z]{39}$/);
    const code = await api.readCodeFromOutbox("link@example.org", "Sign in to Heritage");
    expect(await app.verifyMagicLinkCode(code)).toEqual({ status: "ok", data: undefined });
    const signedIn = await app.signInWithMagicLink(code);
    expect(signedIn).toEqual({
      status: "ok",
      data: { userId: expect.any(String), isNewUser: true },
    });
    const user = await app.getUser();
    expect(user).toMatchObject({
      primaryEmail: "link@example.org",
      primaryEmailVerified: true,
      isAnonymous: false,
    });

    const again = await newClientApp().signInWithMagicLink(code);
    expect(again.status === "error" && again.error.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("signs the same user in with the typed OTP and the nonce", async () => {
    const first = newClientApp();
    await first.sendMagicLinkEmail("otp@example.org", { callbackUrl });
    const firstSignIn = await first.signInWithMagicLink(
      await api.readCodeFromOutbox("otp@example.org", "Sign in to"),
    );
    const userId = firstSignIn.status === "ok" ? firstSignIn.data.userId : "";

    const app = newClientApp();
    const sent = await app.sendMagicLinkEmail("otp@example.org", { callbackUrl });
    if (sent.status !== "ok") throw new Error("sending failed");
    const wrong = await app.signInWithOtp({ otp: "000000", nonce: sent.data.nonce });
    expect(wrong.status === "error" && wrong.error.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect(await app.getUser()).toBeNull();
    const otp = await readOtp("otp@example.org");
    expect(
      await app.signInWithOtp({ otp: ` ${otp.toLowerCase()} `, nonce: sent.data.nonce }),
    ).toEqual({ status: "ok", data: { userId, isNewUser: false } });
    expect((await app.getUser())?.id).toBe(userId);
  });

  it("returns known refusals as results and throws a project with OTP off", async () => {
    const app = newClientApp();
    await app.signUpWithCredential({ email: "unverified@example.org", password: "correct horse" });
    const taken = await newClientApp().sendMagicLinkEmail("unverified@example.org", {
      callbackUrl,
    });
    expect(taken.status === "error" && taken.error.code).toBe("USER_EMAIL_ALREADY_EXISTS");

    const closed = await api.createProject();
    // OTP off is a plain-text 403 in the reference, not a known error.
    await expect(
      newClientApp(closed.id).sendMagicLinkEmail("x@example.org", { callbackUrl }),
    ).rejects.toMatchObject({ name: "AuthHttpError", status: 403 });
  });
});

describe("anonymous users", () => {
  it("signs up anonymously, then keeps the user id when signing in with a magic link", async () => {
    const app = newClientApp();
    const { userId } = await app.signUpAnonymously();
    expect(await app.getUser()).toMatchObject({ id: userId, isAnonymous: true });

    await app.sendMagicLinkEmail("was-anonymous@example.org", { callbackUrl });
    const code = await api.readCodeFromOutbox("was-anonymous@example.org", "Sign in to");
    expect(await app.signInWithMagicLink(code)).toEqual({
      status: "ok",
      data: { userId, isNewUser: true },
    });
    expect(await app.getUser()).toMatchObject({
      id: userId,
      isAnonymous: false,
      primaryEmail: "was-anonymous@example.org",
    });
  });

  it("keeps the user id when signing up with a password", async () => {
    const app = newClientApp();
    const { userId } = await app.signUpAnonymously();
    const signUp = await app.signUpWithCredential({
      email: "password-upgrade@example.org",
      password: "correct horse",
    });
    expect(signUp).toEqual({ status: "ok", data: { userId } });
    expect(await app.getUser()).toMatchObject({
      id: userId,
      isAnonymous: false,
      hasPassword: true,
    });
  });

  it("starts a new anonymous user each time, even from a signed-in app", async () => {
    const app = newClientApp();
    const first = await app.signUpAnonymously();
    const second = await app.signUpAnonymously();
    expect(second.userId).not.toBe(first.userId);
    expect((await app.getUser())?.id).toBe(second.userId);
  });
});
