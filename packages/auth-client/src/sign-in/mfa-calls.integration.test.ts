/**
 * TOTP MFA through the client library against the real auth server: the user turns TOTP on with a
 * generated secret, a password sign-in answers the MFA-required result, and the code an authenticator
 * app computes from `createTotpUri` (read here with the `otpauth` library, as an app would) finishes it.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import { URI } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppOptions } from "../app-core";
import { createClientApp } from "../client-app";
import { createMemoryTokenStore } from "../token-stores/memory";
import { createTotpUri, generateTotpSecret, getMfaAttemptCode } from "./mfa-calls";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  api = await createTestAuthApi();
  project = await api.createProject({ displayName: "Heritage" });
});
afterAll(async () => {
  await api?.close();
});

function newClientApp() {
  const options: AppOptions = {
    projectId: project.id,
    publishableClientKey: project.keys.publishableClientKey,
    tokenStore: createMemoryTokenStore(),
    baseUrl: api.baseUrl,
    fetch: async (url, init) => api.app.request(url, init),
    now: () => api.clock().getTime(),
    sleep: async (ms) => api.clock.advance(ms),
  };
  return createClientApp(options);
}

/** The code an authenticator app shows for this URI at the server's current time. */
function appCode(uri: string): string {
  return URI.parse(uri).generate({ timestamp: api.clock().getTime() });
}

/** A fresh 30-second step, so a code was never used before. */
function nextStep(): void {
  api.clock.advance(30_000);
}

async function signedUpWithTotp(email: string) {
  const app = newClientApp();
  expect((await app.signUpWithCredential({ email, password: "password 1234" })).status).toBe("ok");
  const secret = generateTotpSecret();
  await app.enableTotpMfa(secret);
  expect((await app.getUser())?.requiresTotpMfa).toBe(true);
  return {
    app,
    uri: createTotpUri({ secretBase64: secret, accountName: email, issuer: "Heritage" }),
  };
}

describe("TOTP secrets", () => {
  it("generates 20 random bytes and an otpauth URI with the server's parameters", () => {
    const secret = generateTotpSecret();
    expect(atob(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
    const uri = createTotpUri({
      secretBase64: secret,
      accountName: "ada@example.org",
      issuer: "Heritage",
    });
    const parsed = URI.parse(uri);
    expect(parsed).toMatchObject({
      issuer: "Heritage",
      label: "ada@example.org",
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    expect(Buffer.from(new Uint8Array(parsed.secret.buffer)).toString("base64")).toBe(secret);
  });
});

describe("sign-in with a second factor", () => {
  it("answers MFA required, then signs in with the authenticator app's code", async () => {
    const { uri } = await signedUpWithTotp("mfa-ok@example.org");
    const app = newClientApp();
    const signedIn: string[] = [];
    app.onAuthChange((event) => signedIn.push(event.type));
    const result = await app.signInWithCredential({
      email: "mfa-ok@example.org",
      password: "password 1234",
    });
    expect(result.status).toBe("error");
    const attemptCode = result.status === "error" ? getMfaAttemptCode(result.error) : null;
    expect(attemptCode).toMatch(/^[a-z0-9]{45}$/);
    expect(await app.getUser()).toBeNull();

    nextStep();
    const finished = await app.signInWithMfa({
      attemptCode: attemptCode ?? "",
      totp: appCode(uri),
    });
    expect(finished).toEqual({
      status: "ok",
      data: { userId: expect.any(String), isNewUser: false },
    });
    expect((await app.getUser())?.primaryEmail).toBe("mfa-ok@example.org");
    expect(signedIn).toEqual(["signed-in"]);
  });

  it("returns INVALID_TOTP_CODE for a wrong code and stays signed out", async () => {
    const { uri } = await signedUpWithTotp("mfa-wrong@example.org");
    const app = newClientApp();
    const result = await app.signInWithCredential({
      email: "mfa-wrong@example.org",
      password: "password 1234",
    });
    const attemptCode = result.status === "error" ? getMfaAttemptCode(result.error) : null;
    nextStep();
    const right = appCode(uri);
    const wrong = right === "000000" ? "111111" : "000000";
    const failed = await app.signInWithMfa({ attemptCode: attemptCode ?? "", totp: wrong });
    expect(failed.status === "error" && isKnownError(failed.error, "INVALID_TOTP_CODE")).toBe(true);
    expect(await app.getUser()).toBeNull();
  });

  it("signs in with the password alone once TOTP is off", async () => {
    const { app: owner } = await signedUpWithTotp("mfa-off@example.org");
    await owner.disableTotpMfa();
    expect((await owner.getUser())?.requiresTotpMfa).toBe(false);
    const app = newClientApp();
    const result = await app.signInWithCredential({
      email: "mfa-off@example.org",
      password: "password 1234",
    });
    expect(result.status).toBe("ok");
  });

  it("finds no attempt code in other errors", async () => {
    const app = newClientApp();
    const result = await app.signInWithCredential({
      email: "nobody@example.org",
      password: "password 1234",
    });
    expect(result.status === "error" && getMfaAttemptCode(result.error)).toBe(null);
    expect(getMfaAttemptCode(new Error("x"))).toBeNull();
  });
});
