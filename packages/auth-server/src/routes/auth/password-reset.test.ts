/**
 * `POST /auth/password/send-reset-code`, `/reset/check-code`, `/reset`, `/update` and `/set`
 * (contract §2.2), with the reset code read from the e-mail outbox as a user would from the mail.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, passwordCredentials, sessions } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

const callbackUrl = "http://localhost:12345/some-callback-url";

const post = (path: string, body: Record<string, unknown>, options = {}) =>
  t.request(`/auth/password${path}`, { accessType: "client", body, ...options });

const signIn = (email: string, password: string) => post("/sign-in", { email, password });

async function requestResetCode(email: string): Promise<string> {
  const response = await post("/send-reset-code", { email, callback_url: callbackUrl });
  expect(response.status).toBe(200);
  return t.readCodeFromOutbox(email, "Reset your password");
}

async function countSessions(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ value: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.value ?? 0;
}

async function storedHash(userId: string): Promise<string | undefined> {
  const [row] = await t.db
    .select()
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId));
  return row?.passwordHash;
}

describe("send-reset-code", () => {
  it("mails a reset link (callback URL + code) to an existing account", async () => {
    const user = await t.signUpUser("internal", { email: "reset-mail@example.com" });
    const response = await post("/send-reset-code", {
      email: "Reset-Mail@Example.com",
      callback_url: `${callbackUrl}?code=stale`,
    });
    expect(await response.json()).toEqual({ success: "maybe, only if user with e-mail exists" });
    const [mail] = await t.readOutbox(user.email);
    expect(mail).toMatchObject({
      subject: "Reset your password at Stack Dashboard",
      from: '"Stack Dashboard" <noreply@example.com>',
      projectId: "internal",
    });
    expect(mail?.text).toMatch(/http:\/\/localhost:12345\/some-callback-url\?code=[a-z0-9]{45}\n/);
    expect(mail?.text).not.toContain("stale");
  });

  it("writes the mail in the language the request asks for (German, Bosnian), else English", async () => {
    const user = await t.signUpUser("internal", { email: "reset-language@example.com" });
    const send = (acceptLanguage?: string) =>
      post(
        "/send-reset-code",
        { email: user.email, callback_url: callbackUrl },
        acceptLanguage ? { headers: { "accept-language": acceptLanguage } } : {},
      );
    expect((await send("de-AT,de;q=0.9,en;q=0.8")).status).toBe(200);
    expect((await send("hr-HR,en;q=0.5")).status).toBe(200);
    expect((await send("fr-FR, *;q=0.5")).status).toBe(200);
    const subjects = (await t.readOutbox(user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      "Passwort zurücksetzen bei Stack Dashboard",
      "Nova lozinka za Stack Dashboard",
      "Reset your password at Stack Dashboard",
    ]);
    const [german] = await t.readOutbox(user.email);
    expect(german?.html).toContain('<html lang="de">');
    expect(german?.text).toContain("Ihr Passwort bleibt unverändert.");
    expect(german?.text).not.toMatch(/\b(?:password|ignore|someone)\b/i);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const [before] = await t.db.select({ value: count() }).from(emailOutbox);
    const response = await post("/send-reset-code", {
      email: "nobody@example.com",
      callback_url: callbackUrl,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: "maybe, only if user with e-mail exists" });
    const [after] = await t.db.select({ value: count() }).from(emailOutbox);
    expect(after?.value).toBe(before?.value);
  });

  it("rejects an untrusted callback URL (for any address), and disabled passwords", async () => {
    await t.signUpUser("internal", { email: "reset-evil@example.com" });
    await expectKnownError(
      await post("/send-reset-code", {
        email: "reset-evil@example.com",
        callback_url: "https://evil.example.com/cb",
      }),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    expect(await t.readOutbox("reset-evil@example.com")).toEqual([]);
    const project = await t.createProject({
      config: { auth: { password: { allowSignIn: false } } },
    });
    await expectKnownError(
      await post(
        "/send-reset-code",
        { email: "a@example.com", callback_url: callbackUrl },
        { projectId: project.id },
      ),
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      400,
    );
  });

  it("validates the body and requires an access type", async () => {
    const body = await expectKnownError(
      await post("/send-reset-code", { email: "x@example.com" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("body.callback_url must be defined");
    await expectKnownError(
      await t.request("/auth/password/send-reset-code", {
        body: { email: "x@example.com", callback_url: callbackUrl },
      }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
  });
});

describe("reset and check-code", () => {
  it("checks the code without using it, resets the password and ends every session", async () => {
    const user = await t.signUpUser("internal", { email: "reset-ok@example.com" });
    const code = await requestResetCode(user.email);
    const check = await post("/reset/check-code", { code });
    expect(await check.json()).toEqual({ is_code_valid: true });
    expect(await countSessions(user.userId)).toBe(1);

    const reset = await post("/reset", { code: code.toUpperCase(), password: "new password 1" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true });
    expect(await countSessions(user.userId)).toBe(0);
    await expectKnownError(await signIn(user.email, user.password), "EMAIL_PASSWORD_MISMATCH", 400);
    expect((await signIn(user.email, "new password 1")).status).toBe(200);
    await expectKnownError(
      await post("/reset", { code, password: "another password" }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
    await expectKnownError(
      await post("/reset/check-code", { code }),
      "VERIFICATION_CODE_ALREADY_USED",
      409,
    );
  });

  it("rejects bad passwords without using up the code or changing anything", async () => {
    const user = await t.signUpUser("internal", { email: "reset-short@example.com" });
    const code = await requestResetCode(user.email);
    const hash = await storedHash(user.userId);
    const short = await expectKnownError(
      await post("/reset", { code, password: "1234567" }),
      "PASSWORD_TOO_SHORT",
      400,
    );
    expect(short).toMatchObject({
      error: "Password too short. Minimum length is 8.",
      details: { min_length: 8 },
    });
    const long = await expectKnownError(
      await post("/reset", { code, password: "x".repeat(71) }),
      "PASSWORD_TOO_LONG",
      400,
    );
    expect(long).toMatchObject({
      error: "Password too long. Maximum length is 70.",
      details: { maxLength: 70 },
    });
    expect(await storedHash(user.userId)).toBe(hash);
    expect(await countSessions(user.userId)).toBe(1);
    expect((await post("/reset", { code, password: "long enough" })).status).toBe(200);
  });

  it("answers unknown, malformed and expired codes with the catalogue's errors", async () => {
    await expectKnownError(
      await post("/reset", { code: "a".repeat(45), password: "password123" }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
    const schema = await expectKnownError(
      await post("/reset/check-code", { code: "short" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(schema.error).toContain("body.code");
    const user = await t.signUpUser("internal", { email: "reset-expired@example.com" });
    const code = await requestResetCode(user.email);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    await expectKnownError(
      await post("/reset", { code, password: "password456" }),
      "VERIFICATION_CODE_EXPIRED",
      400,
    );
    await expectKnownError(
      await post("/reset/check-code", { code }),
      "VERIFICATION_CODE_EXPIRED",
      400,
    );
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("does not accept a code of another project", async () => {
    const user = await t.signUpUser("internal", { email: "reset-cross@example.com" });
    const code = await requestResetCode(user.email);
    const other = await t.createProject();
    await expectKnownError(
      await post("/reset", { code, password: "password456" }, { projectId: other.id }),
      "VERIFICATION_CODE_NOT_FOUND",
      404,
    );
  });
});

describe("update", () => {
  it("changes the password and ends the user's other sessions, keeping the caller's", async () => {
    const user = await t.signUpUser("internal", { email: "update-ok@example.com" });
    const other = await signIn(user.email, user.password);
    expect(other.status).toBe(200);
    expect(await countSessions(user.userId)).toBe(2);
    const response = await post(
      "/update",
      { old_password: user.password, new_password: "changed password" },
      { accessToken: user.accessToken, refreshToken: user.refreshToken },
    );
    expect(await response.json()).toEqual({ success: true });
    expect(await countSessions(user.userId)).toBe(1);
    const refresh = await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      refreshToken: user.refreshToken,
      body: {},
    });
    expect(refresh.status).toBe(200);
    expect((await signIn(user.email, "changed password")).status).toBe(200);
  });

  it("ends every session when no refresh token is named", async () => {
    const user = await t.signUpUser("internal", { email: "update-all@example.com" });
    await post(
      "/update",
      { old_password: user.password, new_password: "changed password" },
      { accessToken: user.accessToken },
    );
    expect(await countSessions(user.userId)).toBe(0);
  });

  it("rejects a wrong old password, bad new passwords and a missing user, changing nothing", async () => {
    const user = await t.signUpUser("internal", { email: "update-bad@example.com" });
    const hash = await storedHash(user.userId);
    const auth = { accessToken: user.accessToken };
    await expectKnownError(
      await post("/update", { old_password: "wrong one", new_password: "password456" }, auth),
      "PASSWORD_CONFIRMATION_MISMATCH",
      400,
    );
    await expectKnownError(
      await post("/update", { old_password: user.password, new_password: "short" }, auth),
      "PASSWORD_TOO_SHORT",
      400,
    );
    const noUser = await expectKnownError(
      await post("/update", { old_password: "a", new_password: "password456" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(noUser.error).toContain("  - auth.user must be defined");
    expect(await storedHash(user.userId)).toBe(hash);
    expect(await countSessions(user.userId)).toBe(1);
  });

  it("answers USER_DOES_NOT_HAVE_PASSWORD for a user without one", async () => {
    const created = (await (
      await t.request("/users", {
        accessType: "server",
        body: { primary_email: "no-password@example.com" },
      })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: created.id } })
    ).json()) as { access_token: string };
    await expectKnownError(
      await post(
        "/update",
        { old_password: "whatever1", new_password: "password456" },
        { accessToken: session.access_token },
      ),
      "USER_DOES_NOT_HAVE_PASSWORD",
      400,
    );
  });
});

describe("set", () => {
  it("sets a password for a user without one, then refuses a second time", async () => {
    const created = (await (
      await t.request("/users", {
        accessType: "server",
        body: { primary_email: "set-password@example.com", primary_email_auth_enabled: true },
      })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: created.id } })
    ).json()) as { access_token: string };
    const auth = { accessToken: session.access_token };
    await expectKnownError(
      await post("/set", { password: "short" }, auth),
      "PASSWORD_TOO_SHORT",
      400,
    );
    expect(await storedHash(created.id)).toBeUndefined();
    const response = await post("/set", { password: "first password" }, auth);
    expect(await response.json()).toEqual({ success: true });
    expect((await signIn("set-password@example.com", "first password")).status).toBe(200);
    await expectTextError(
      await post("/set", { password: "second password" }, auth),
      400,
      "User already has a password set.",
    );
  });

  it("requires a user and enabled passwords", async () => {
    const noUser = await expectKnownError(
      await post("/set", { password: "password123" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(noUser.error).toContain("auth.user must be defined");
    const project = await t.createProject({
      config: { auth: { password: { allowSignIn: false } } },
    });
    const created = (await (
      await t.request("/users", {
        accessType: "server",
        projectId: project.id,
        body: { primary_email: "x@example.com" },
      })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", {
        accessType: "server",
        projectId: project.id,
        body: { user_id: created.id },
      })
    ).json()) as { access_token: string };
    await expectKnownError(
      await post(
        "/set",
        { password: "password123" },
        { projectId: project.id, accessToken: session.access_token },
      ),
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      400,
    );
  });
});
