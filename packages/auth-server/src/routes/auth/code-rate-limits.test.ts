/**
 * Rate limits of every endpoint that mails or checks a code (OTP sign-in, password reset, e-mail
 * verification, TOTP, passkey challenges, CLI login codes, OAuth authorization codes), and that
 * neither they nor the forgot-password timing tell whether an address has an account. Client IPs
 * come from `x-forwarded-for` (trusted proxy), one fresh IP per test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../../testing/expect-known-error";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
} from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let publishableClientKey: string;
let ipCounter = 0;
let mailCounter = 0;

const callbackUrl = "http://localhost:12345/some-callback-url";
const bogusCode = "a".repeat(45);

beforeAll(async () => {
  t = await createTestAuthApi({
    trustProxy: true,
    env: {
      AUTH_RATE_LIMIT_SEND_CODE_PER_IP: "3",
      AUTH_RATE_LIMIT_SEND_CODE_PER_EMAIL: "2",
      AUTH_RATE_LIMIT_CHECK_CODE_PER_IP: "2",
    },
  });
  const project = await t.createProject({ config: { auth: { otp: { allowSignIn: true } } } });
  projectId = project.id;
  publishableClientKey = project.keys.publishableClientKey;
});
afterAll(() => t.close());

function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function newEmail(): string {
  mailCounter += 1;
  return `limited-${mailCounter}@example.com`;
}

function fromIp(ip: string, options: TestRequestOptions = {}): TestRequestOptions {
  return {
    accessType: "client",
    projectId,
    ...options,
    headers: { "x-forwarded-for": ip, ...options.headers },
  };
}

async function expectRateLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(t.config.AUTH_RATE_LIMIT_WINDOW);
  expect(response.headers.get("x-stack-known-error")).toBeNull();
}

const sendSignInCode = (email: string, ip: string) =>
  t.request(
    "/auth/otp/send-sign-in-code",
    fromIp(ip, { body: { email, callback_url: callbackUrl } }),
  );

const sendResetCode = (email: string, ip: string) =>
  t.request(
    "/auth/password/send-reset-code",
    fromIp(ip, { body: { email, callback_url: callbackUrl } }),
  );

describe("sending codes", () => {
  it("limits sign-in codes per address, whatever the client IP", async () => {
    const email = newEmail();
    expect((await sendSignInCode(email, freshIp())).status).toBe(200);
    expect((await sendSignInCode(email.toUpperCase(), freshIp())).status).toBe(200);
    await expectRateLimited(await sendSignInCode(email, freshIp()));
    expect(await t.readOutbox(email)).toHaveLength(2);
  });

  it("limits sign-in codes per client IP, whatever the address", async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await sendSignInCode(newEmail(), ip)).status).toBe(200);
    }
    await expectRateLimited(await sendSignInCode(newEmail(), ip));
  });

  it("counts forgot-password requests the same for known and unknown addresses", async () => {
    const known = await t.signUpUser(projectId);
    const unknown = newEmail();
    for (const email of [known.email, unknown]) {
      expect((await sendResetCode(email, freshIp())).status).toBe(200);
      expect((await sendResetCode(email, freshIp())).status).toBe(200);
      await expectRateLimited(await sendResetCode(email, freshIp()));
    }
    expect(await t.readOutbox(known.email)).toHaveLength(2);
  });

  it("limits verification e-mails on both send-verification-code endpoints", async () => {
    const user = await t.signUpUser(projectId);
    const channels = await t.request("/contact-channels?user_id=me", {
      accessType: "client",
      projectId,
      accessToken: user.accessToken,
    });
    const [channel] = ((await channels.json()) as { items: { id: string }[] }).items;
    const asUser = { accessToken: user.accessToken };
    const byId = () =>
      t.request(
        `/contact-channels/me/${channel?.id}/send-verification-code`,
        fromIp(freshIp(), { ...asUser, body: { callback_url: callbackUrl } }),
      );
    const legacy = () =>
      t.request(
        "/contact-channels/send-verification-code",
        fromIp(freshIp(), { ...asUser, body: { email: user.email, callback_url: callbackUrl } }),
      );
    expect((await byId()).status).toBe(200);
    expect((await legacy()).status).toBe(200);
    await expectRateLimited(await byId());
    await expectRateLimited(await legacy());
  });

  it("limits team invitations per invited address", async () => {
    const team = await t.request("/teams", {
      accessType: "server",
      projectId,
      body: { display_name: "Limited team" },
    });
    const { id: teamId } = (await team.json()) as { id: string };
    const email = newEmail();
    const invite = () =>
      t.request(
        "/team-invitations/send-code",
        fromIp(freshIp(), {
          accessType: "server",
          body: { email, team_id: teamId, callback_url: callbackUrl },
        }),
      );
    expect((await invite()).status).toBe(200);
    expect((await invite()).status).toBe(200);
    await expectRateLimited(await invite());
  });

  it("allows sending again in the next window", async () => {
    const email = newEmail();
    await sendSignInCode(email, freshIp());
    await sendSignInCode(email, freshIp());
    await expectRateLimited(await sendSignInCode(email, freshIp()));
    t.clock.advance(t.config.AUTH_RATE_LIMIT_WINDOW * 1000);
    expect((await sendSignInCode(email, freshIp())).status).toBe(200);
  });
});

describe("checking codes", () => {
  const checkEndpoints = [
    "/auth/otp/sign-in",
    "/auth/otp/sign-in/check-code",
    "/auth/password/reset/check-code",
    "/contact-channels/verify",
    "/contact-channels/verify/check-code",
  ];

  it.each(checkEndpoints)("limits %s per client IP", async (path) => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expectKnownError(
        await t.request(path, fromIp(ip, { body: { code: bogusCode } })),
        "VERIFICATION_CODE_NOT_FOUND",
        404,
      );
    }
    await expectRateLimited(await t.request(path, fromIp(ip, { body: { code: bogusCode } })));
  });

  it.each([
    "/team-invitations/accept",
    "/team-invitations/accept/check-code",
    "/team-invitations/accept/details",
  ])("limits %s per client IP", async (path) => {
    const user = await t.signUpUser(projectId);
    const ip = freshIp();
    const attempt = () =>
      t.request(path, fromIp(ip, { accessToken: user.accessToken, body: { code: bogusCode } }));
    await expectKnownError(await attempt(), "VERIFICATION_CODE_NOT_FOUND", 404);
    await expectKnownError(await attempt(), "VERIFICATION_CODE_NOT_FOUND", 404);
    await expectRateLimited(await attempt());
  });

  it("limits TOTP guesses at /auth/mfa/sign-in per client IP", async () => {
    const ip = freshIp();
    const attempt = () =>
      t.request(
        "/auth/mfa/sign-in",
        fromIp(ip, { body: { type: "totp", totp: "123456", code: bogusCode } }),
      );
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    await expectRateLimited(await attempt());
  });

  it("limits passkey sign-in attempts per client IP (each redeems a challenge code)", async () => {
    const ip = freshIp();
    const attempt = () =>
      t.request(
        "/auth/passkey/sign-in",
        fromIp(ip, {
          body: {
            code: bogusCode,
            authentication_response: {
              id: "AQID",
              rawId: "AQID",
              type: "public-key",
              clientExtensionResults: {},
              response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
            },
          },
        }),
      );
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    await expectRateLimited(await attempt());
  });

  it("limits passkey registrations per client IP (each redeems a challenge code)", async () => {
    const user = await t.signUpUser(projectId);
    const ip = freshIp();
    const attempt = () =>
      t.request(
        "/auth/passkey/register",
        fromIp(ip, {
          accessToken: user.accessToken,
          body: {
            code: bogusCode,
            credential: {
              id: "AQID",
              rawId: "AQID",
              type: "public-key",
              clientExtensionResults: {},
              response: { clientDataJSON: "e30", attestationObject: "AA" },
            },
          },
        }),
      );
    expect((await attempt()).status).not.toBe(429);
    expect((await attempt()).status).not.toBe(429);
    await expectRateLimited(await attempt());
  });

  it("limits OAuth authorization-code exchanges per client IP", async () => {
    const ip = freshIp();
    const exchange = () =>
      t.app.request("/api/v1/auth/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: projectId,
          client_secret: publishableClientKey,
          code: "guessed-authorization-code",
          redirect_uri: callbackUrl,
          code_verifier: "v".repeat(43),
        }),
      });
    await expectKnownError(await exchange(), "INVALID_AUTHORIZATION_CODE", 400);
    await expectKnownError(await exchange(), "INVALID_AUTHORIZATION_CODE", 400);
    await expectRateLimited(await exchange());
  });

  it("limits CLI login-code lookups per client IP, in every mode", async () => {
    const ip = freshIp();
    const check = () =>
      t.request(
        "/auth/cli/complete",
        fromIp(ip, { body: { login_code: bogusCode, mode: "check" } }),
      );
    expect((await check()).status).not.toBe(429);
    expect((await check()).status).not.toBe(429);
    await expectRateLimited(await check());
  });

  it("limits /auth/password/reset per client IP", async () => {
    const ip = freshIp();
    const reset = () =>
      t.request(
        "/auth/password/reset",
        fromIp(ip, { body: { code: bogusCode, password: "new password" } }),
      );
    await expectKnownError(await reset(), "VERIFICATION_CODE_NOT_FOUND", 404);
    await expectKnownError(await reset(), "VERIFICATION_CODE_NOT_FOUND", 404);
    await expectRateLimited(await reset());
  });

  it("does not count server calls per IP: the project's backend speaks for many users", async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expectKnownError(
        await t.request(
          "/auth/otp/sign-in/check-code",
          fromIp(ip, { accessType: "server", body: { code: bogusCode } }),
        ),
        "VERIFICATION_CODE_NOT_FOUND",
        404,
      );
    }
  });
});

describe("forgot-password timing", () => {
  it("answers known and unknown addresses no sooner than the configured floor", async () => {
    const timed = await createTestAuthApi({ env: { AUTH_EMAIL_LOOKUP_MIN_DURATION_MS: "400" } });
    try {
      const known = await timed.signUpUser();
      for (const email of [known.email, "nobody-here@example.com"]) {
        const started = performance.now();
        const response = await timed.request("/auth/password/send-reset-code", {
          accessType: "client",
          body: { email, callback_url: callbackUrl },
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          success: "maybe, only if user with e-mail exists",
        });
        expect(performance.now() - started).toBeGreaterThanOrEqual(395);
      }
      expect(await timed.readOutbox(known.email)).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });
});
