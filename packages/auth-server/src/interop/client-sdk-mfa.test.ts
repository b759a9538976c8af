/**
 * Interop: TOTP MFA with the official SDK (`@stackframe/js` 2.8.108, `StackClientApp`) against this
 * server. The SDK turns TOTP on through `user.update({ totpMultiFactorSecret })`; its
 * `signInWithCredential` recognises `MULTI_FACTOR_AUTHENTICATION_REQUIRED` and heads for the
 * `/handler/mfa` page; `signInWithMfa` finishes the sign-in with the attempt code and a TOTP code.
 */
import { randomBytes } from "node:crypto";
import { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTotpCode, totpPeriodSeconds } from "../services/credentials/totp";
import { type InteropServer, startInteropServer } from "../testing/interop-server";

let server: InteropServer;

beforeAll(async () => {
  server = await startInteropServer();
});
afterAll(async () => {
  await server.close();
});

function createClientApp(navigations: string[] = []) {
  return new StackClientApp({
    projectId: "internal",
    publishableClientKey: server.t.internalProject.keys.publishableClientKey,
    baseUrl: server.baseUrl,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
    devTool: false,
    // Outside a browser the SDK can only report where it would go.
    redirectMethod: {
      useNavigate: () => (url: string) => navigations.push(url),
      navigate: (url: string) => {
        navigations.push(url);
      },
    },
  });
}

/** The SDK's request layer (internal): it parses our error body into its own known-error class. */
interface SdkInterface {
  signInWithCredential(email: string, password: string, session: unknown): Promise<unknown>;
}
interface SdkKnownError {
  errorCode: string;
  details?: { attempt_code?: string };
}

const email = `sdk-mfa-${Date.now()}@example.com`;
const password = "correct horse battery";
const secret = randomBytes(20);

function nextTotpCode(): string {
  server.t.clock.advance(totpPeriodSeconds * 1000);
  return generateTotpCode(secret.toString("base64"), server.t.clock());
}

describe("StackClientApp with TOTP MFA against the server", () => {
  it("turns TOTP on through user.update({ totpMultiFactorSecret })", async () => {
    const app = createClientApp();
    const result = await app.signUpWithCredential({
      email,
      password,
      noVerificationCallback: true,
      noRedirect: true,
    });
    expect(result.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.isMultiFactorRequired).toBe(false);
    await user.update({ totpMultiFactorSecret: new Uint8Array(secret) });
    expect((await app.getUser({ or: "throw" })).isMultiFactorRequired).toBe(true);
  });

  it("signInWithCredential meets MULTI_FACTOR_AUTHENTICATION_REQUIRED and heads for /handler/mfa", async () => {
    const navigations: string[] = [];
    const app = createClientApp(navigations);
    // The SDK navigates, then fails an assertion because the page did not unload (no browser here).
    await expect(app.signInWithCredential({ email, password, noRedirect: true })).rejects.toThrow(
      /should have redirected/,
    );
    expect(navigations).toHaveLength(1);
    expect(new URL(navigations[0] ?? "", "http://localhost").pathname).toBe("/handler/mfa");
    expect(await app.getUser()).toBeNull();
  });

  it("signInWithMfa rejects a wrong code and signs in with the right one", async () => {
    const app = createClientApp();
    // In a browser the SDK hands the attempt code to the MFA page through sessionStorage; here we
    // read it from the SDK's own parse of the same sign-in answer.
    const sdkInterface = (app as unknown as { _interface: SdkInterface })._interface;
    const error = (await sdkInterface.signInWithCredential(email, password, null).then(
      () => null,
      (thrown: unknown) => thrown,
    )) as SdkKnownError | null;
    expect(error?.errorCode).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    const attemptCode = error?.details?.attempt_code ?? "";
    expect(attemptCode).toMatch(/^[a-z0-9]{45}$/);

    const right = nextTotpCode();
    const wrong = right === "000000" ? "111111" : "000000";
    const failed = await app.signInWithMfa(wrong, attemptCode, { noRedirect: true });
    expect(failed.status).toBe("error");
    expect(failed.status === "error" && (failed.error as unknown as SdkKnownError).errorCode).toBe(
      "INVALID_TOTP_CODE",
    );

    const result = await app.signInWithMfa(right, attemptCode, { noRedirect: true });
    expect(result.status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    expect(user.primaryEmail).toBe(email);
    expect(user.isMultiFactorRequired).toBe(true);

    const reused = await app.signInWithMfa(nextTotpCode(), attemptCode, { noRedirect: true });
    expect(reused.status === "error" && (reused.error as unknown as SdkKnownError).errorCode).toBe(
      "VERIFICATION_CODE_ALREADY_USED",
    );
  });
});
