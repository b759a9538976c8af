/**
 * TOTP MFA (contract §2.14): enabling it through `totp_secret_base64`, password sign-in answering
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` with an attempt code, and `POST /auth/mfa/sign-in`.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { generateTotpCode, totpPeriodSeconds } from "../../services/credentials/totp";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const newSecret = () => randomBytes(20).toString("base64");

async function countSessions(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ value: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.value ?? 0;
}

async function enableTotp(user: TestUser, secret = newSecret()): Promise<string> {
  const response = await t.request("/users/me", {
    method: "PATCH",
    accessType: "client",
    accessToken: user.accessToken,
    body: { totp_secret_base64: secret },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ requires_totp_mfa: true });
  return secret;
}

const signIn = (user: TestUser) =>
  t.request("/auth/password/sign-in", {
    accessType: "client",
    body: { email: user.email, password: user.password },
  });

async function requireAttemptCode(user: TestUser): Promise<string> {
  const body = await expectKnownError(
    await signIn(user),
    "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
    400,
  );
  const code = body.details?.attempt_code;
  expect(code).toMatch(/^[a-z0-9]{45}$/);
  return code as string;
}

const mfaSignIn = (body: Record<string, unknown>) =>
  t.request("/auth/mfa/sign-in", { accessType: "client", body });

/** Moves the clock to the start of the next TOTP step, so each test gets a fresh code. */
function nextTotpStep(): void {
  const periodMillis = totpPeriodSeconds * 1000;
  const now = t.clock().getTime();
  t.clock.set(new Date((Math.floor(now / periodMillis) + 1) * periodMillis));
}

describe("enabling TOTP (happy)", () => {
  it("sets requires_totp_mfa through PATCH /users/me and clears it with null", async () => {
    const user = await t.signUpUser();
    await enableTotp(user);
    const cleared = await t.request("/users/me", {
      method: "PATCH",
      accessType: "client",
      accessToken: user.accessToken,
      body: { totp_secret_base64: null },
    });
    expect(await cleared.json()).toMatchObject({ requires_totp_mfa: false });
    expect((await signIn(user)).status).toBe(200);
  });

  it("sets it through the server's PATCH /users/{id}", async () => {
    const user = await t.signUpUser();
    const response = await t.request(`/users/${user.userId}`, {
      method: "PATCH",
      accessType: "server",
      body: { totp_secret_base64: newSecret() },
    });
    expect(await response.json()).toMatchObject({ requires_totp_mfa: true });
    await requireAttemptCode(user);
  });

  it("rejects a secret that is not base64 and keeps the user unchanged", async () => {
    const user = await t.signUpUser();
    const body = await expectKnownError(
      await t.request("/users/me", {
        method: "PATCH",
        accessType: "client",
        accessToken: user.accessToken,
        body: { totp_secret_base64: "not base64!" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("body.totp_secret_base64 is not valid base64");
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.totpSecretBase64).toBeNull();
  });
});

describe("password sign-in of a TOTP user, then POST /auth/mfa/sign-in (happy)", () => {
  it("answers MFA required without a session, then signs in with the TOTP code", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const sessionsBefore = await countSessions(user.userId);
    const attemptCode = await requireAttemptCode(user);
    expect(await countSessions(user.userId)).toBe(sessionsBefore);

    nextTotpStep();
    const response = await mfaSignIn({
      type: "totp",
      totp: generateTotpCode(secret, t.clock()),
      code: attemptCode,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      is_new_user: false,
      user_id: user.userId,
    });
    expect(await countSessions(user.userId)).toBe(sessionsBefore + 1);
    const me = await t.request("/users/me", {
      accessType: "client",
      accessToken: tokens.access_token as string,
    });
    expect(await me.json()).toMatchObject({ id: user.userId, requires_totp_mfa: true });
  });

  it("carries is_new_user through: a sign-up that needs MFA is still new", async () => {
    const anonymous = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      body: {},
    });
    const { user_id: userId, access_token: anonymousToken } = (await anonymous.json()) as {
      user_id: string;
      access_token: string;
    };
    const secret = newSecret();
    await t.request(`/users/${userId}`, {
      method: "PATCH",
      accessType: "server",
      body: { totp_secret_base64: secret },
    });
    // A password sign-up with the anonymous user's token upgrades that user, who has TOTP.
    const body = await expectKnownError(
      await t.request("/auth/password/sign-up", {
        accessType: "client",
        accessToken: anonymousToken,
        headers: { "x-stack-allow-anonymous-user": "true" },
        body: { email: `upgraded-${Date.now()}@example.com`, password: "password123" },
      }),
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      400,
    );
    nextTotpStep();
    const response = await mfaSignIn({
      type: "totp",
      totp: generateTotpCode(secret, t.clock()),
      code: body.details?.attempt_code,
    });
    expect(await response.json()).toMatchObject({ user_id: userId, is_new_user: true });
  });

  it("accepts the code of the previous step (a slow clock)", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    nextTotpStep();
    const previousCode = generateTotpCode(secret, t.clock());
    t.clock.advance(totpPeriodSeconds * 1000);
    const response = await mfaSignIn({
      type: "totp",
      totp: previousCode,
      code: await requireAttemptCode(user),
    });
    expect(response.status).toBe(200);
  });
});

describe("POST /auth/mfa/sign-in (error)", () => {
  it("answers INVALID_TOTP_CODE for a wrong code; the attempt code stays usable", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    nextTotpStep();
    const right = generateTotpCode(secret, t.clock());
    const wrong = right === "000000" ? "111111" : "000000";
    for (const totp of [wrong, "12345", "abcdef", ""]) {
      await expectKnownError(
        await mfaSignIn({ type: "totp", totp, code: attemptCode }),
        "INVALID_TOTP_CODE",
        400,
      );
    }
    const sessionsBefore = await countSessions(user.userId);
    expect((await mfaSignIn({ type: "totp", totp: right, code: attemptCode })).status).toBe(200);
    expect(await countSessions(user.userId)).toBe(sessionsBefore + 1);
  });

  it("answers INVALID_TOTP_CODE for a code already used, even with a new attempt code", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    nextTotpStep();
    const totp = generateTotpCode(secret, t.clock());
    const first = await requireAttemptCode(user);
    expect((await mfaSignIn({ type: "totp", totp, code: first })).status).toBe(200);
    const second = await requireAttemptCode(user);
    await expectKnownError(
      await mfaSignIn({ type: "totp", totp, code: second }),
      "INVALID_TOTP_CODE",
      400,
    );
    // The next step's code works with the same attempt code.
    t.clock.advance(totpPeriodSeconds * 1000);
    const next = generateTotpCode(secret, t.clock());
    expect((await mfaSignIn({ type: "totp", totp: next, code: second })).status).toBe(200);
  });

  it("answers VERIFICATION_CODE_ALREADY_USED when the attempt code is reused", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    nextTotpStep();
    const totp = generateTotpCode(secret, t.clock());
    expect((await mfaSignIn({ type: "totp", totp, code: attemptCode })).status).toBe(200);
    t.clock.advance(totpPeriodSeconds * 1000);
    await expectKnownError(
      await mfaSignIn({
        type: "totp",
        totp: generateTotpCode(secret, t.clock()),
        code: attemptCode,
      }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });

  it("answers VERIFICATION_CODE_EXPIRED after 5 minutes and NOT_FOUND for unknown codes", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    t.clock.advance(5 * 60 * 1000 + 1);
    const totp = generateTotpCode(secret, t.clock());
    await expectKnownError(
      await mfaSignIn({ type: "totp", totp, code: attemptCode }),
      "VERIFICATION_CODE_EXPIRED",
      400,
    );
    await expectKnownError(
      await mfaSignIn({ type: "totp", totp, code: "a".repeat(45) }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });

  it("stops an attempt code after 20 tries (no guessing TOTP codes)", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    nextTotpStep();
    const right = generateTotpCode(secret, t.clock());
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await expectKnownError(
        await mfaSignIn({ type: "totp", totp: wrong, code: attemptCode }),
        "INVALID_TOTP_CODE",
        400,
      );
    }
    await expectKnownError(
      await mfaSignIn({ type: "totp", totp: right, code: attemptCode }),
      "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      400,
    );
  });

  it("answers VERIFICATION_CODE_NOT_FOUND once TOTP was turned off after the first factor", async () => {
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    await t.request(`/users/${user.userId}`, {
      method: "PATCH",
      accessType: "server",
      body: { totp_secret_base64: null },
    });
    await expectKnownError(
      await mfaSignIn({
        type: "totp",
        totp: generateTotpCode(secret, t.clock()),
        code: attemptCode,
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });

  it("gives no attempt code for a wrong password", async () => {
    const user = await t.signUpUser();
    await enableTotp(user);
    await expectKnownError(
      await t.request("/auth/password/sign-in", {
        accessType: "client",
        body: { email: user.email, password: "wrong password" },
      }),
      "EMAIL_PASSWORD_MISMATCH",
      400,
    );
  });

  it("rejects malformed bodies with SCHEMA_ERROR", async () => {
    const code = "a".repeat(45);
    for (const body of [
      { type: "sms", totp: "123456", code },
      { type: "totp", totp: "123456", code: "short" },
      { type: "totp", code },
      { type: "totp", totp: "123456", code, extra: true },
    ]) {
      await expectKnownError(await mfaSignIn(body), "SCHEMA_ERROR", 400);
    }
  });
});

describe("POST /auth/mfa/sign-in (access)", () => {
  it("needs an access type", async () => {
    await expectKnownError(
      await t.request("/auth/mfa/sign-in", {
        body: { type: "totp", totp: "123456", code: "a".repeat(45) },
      }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
  });

  it("does not redeem another project's attempt code", async () => {
    const project = await t.createProject();
    const user = await t.signUpUser();
    const secret = await enableTotp(user);
    const attemptCode = await requireAttemptCode(user);
    await expectKnownError(
      await t.request("/auth/mfa/sign-in", {
        accessType: "client",
        projectId: project.id,
        body: { type: "totp", totp: generateTotpCode(secret, t.clock()), code: attemptCode },
      }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });
});
