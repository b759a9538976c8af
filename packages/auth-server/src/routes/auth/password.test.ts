/**
 * `POST /auth/password/sign-in` and `/auth/password/sign-up` (contract §1.7), including the rate
 * limits (per IP and per email) and bcrypt import with re-hashing to argon2id.
 */
import { signInResponseSchema } from "@heritage/auth-protocol";
import bcrypt from "bcryptjs";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels, passwordCredentials, users } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;
let limited: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
  limited = await createTestAuthApi({
    trustProxy: true,
    env: {
      AUTH_RATE_LIMIT_WINDOW: "60s",
      AUTH_RATE_LIMIT_SIGN_IN_PER_IP: "3",
      AUTH_RATE_LIMIT_SIGN_IN_PER_EMAIL: "2",
      AUTH_RATE_LIMIT_SIGN_UP_PER_IP: "2",
    },
  });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

const signUp = (api: TestAuthApi, body: Record<string, unknown>, headers = {}) =>
  api.request("/auth/password/sign-up", { accessType: "client", body, headers });
const signIn = (api: TestAuthApi, body: Record<string, unknown>, headers = {}) =>
  api.request("/auth/password/sign-in", { accessType: "client", body, headers });

async function countUsers(api: TestAuthApi): Promise<number> {
  const [row] = await api.db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

describe("sign-up (happy)", () => {
  it("creates the user with an unverified auth email, a password and a personal team", async () => {
    const response = await signUp(t, {
      email: "New.User@Example.com",
      password: "password123",
      verification_callback_url: "http://localhost:12345/some-callback-url",
    });
    expect(response.status).toBe(200);
    const tokens = signInResponseSchema.parse(await response.json());
    const me = await t.request("/users/me", {
      accessType: "server",
      accessToken: tokens.access_token,
    });
    expect(await me.json()).toMatchObject({
      id: tokens.user_id,
      primary_email: "new.user@example.com",
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      has_password: true,
      selected_team: { display_name: "new.user@example.com's Team" },
    });
  });

  it("upgrades an anonymous user of the request instead of creating another", async () => {
    const anonymous = (await (
      await t.request("/users", { accessType: "server", body: { is_anonymous: true } })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: anonymous.id } })
    ).json()) as { access_token: string };
    const before = await countUsers(t);
    const response = await t.request("/auth/password/sign-up", {
      accessType: "client",
      accessToken: session.access_token,
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { email: "upgraded@example.com", password: "password123" },
    });
    expect(((await response.json()) as { user_id: string }).user_id).toBe(anonymous.id);
    expect(await countUsers(t)).toBe(before);
  });
});

describe("sign-up country (the request's geo headers, as the reference reads them)", () => {
  const browserIn = (country: string) => ({
    "user-agent": "Mozilla/5.0",
    "x-forwarded-for": "127.0.0.70",
    "x-vercel-ip-country": country,
  });
  const countryOf = async (userId: string) =>
    (
      (await (await t.request(`/users/${userId}`, { accessType: "server" })).json()) as {
        country_code: string | null;
      }
    ).country_code;

  it("sets a new user's country_code", async () => {
    const response = await signUp(
      t,
      { email: "geo-ca@example.com", password: "password123" },
      browserIn("CA"),
    );
    const { user_id } = (await response.json()) as { user_id: string };
    expect(await countryOf(user_id)).toBe("CA");
  });

  it("keeps the country an upgraded anonymous user already has", async () => {
    const anonymous = (await (
      await t.request("/users", {
        accessType: "server",
        body: { is_anonymous: true, country_code: "DE" },
      })
    ).json()) as { id: string };
    const session = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: anonymous.id } })
    ).json()) as { access_token: string };
    const response = await t.request("/auth/password/sign-up", {
      accessType: "client",
      accessToken: session.access_token,
      headers: { "x-stack-allow-anonymous-user": "true", ...browserIn("CA") },
      body: { email: "geo-upgraded@example.com", password: "password123" },
    });
    expect(response.status).toBe(200);
    expect(await countryOf(anonymous.id)).toBe("DE");
  });
});

describe("sign-up (error)", () => {
  it("rejects short and long passwords with the SDK's details", async () => {
    const short = await expectKnownError(
      await signUp(t, { email: "short@example.com", password: "1234567" }),
      "PASSWORD_TOO_SHORT",
      400,
    );
    expect(short.details).toEqual({ min_length: 8 });
    // An empty password is too short too (the reference's answer), not a schema error.
    const empty = await expectKnownError(
      await signUp(t, { email: "empty@example.com", password: "" }),
      "PASSWORD_TOO_SHORT",
      400,
    );
    expect(empty.details).toEqual({ min_length: 8 });
    const long = await expectKnownError(
      await signUp(t, { email: "long@example.com", password: "x".repeat(71) }),
      "PASSWORD_TOO_LONG",
      400,
    );
    expect(long.details).toEqual({ maxLength: 70 });
  });

  it("rejects an existing email and leaves stored data unchanged", async () => {
    await signUp(t, { email: "taken@example.com", password: "password123" });
    const before = await countUsers(t);
    const body = await expectKnownError(
      await signUp(t, { email: "TAKEN@Example.com", password: "password456" }),
      "USER_EMAIL_ALREADY_EXISTS",
      409,
    );
    expect(body.details).toEqual({
      email: "taken@example.com",
      would_work_if_email_was_verified: false,
    });
    expect(await countUsers(t)).toBe(before);
  });

  it("settles concurrent sign-ups with the same email: exactly one wins", async () => {
    const responses = await Promise.all(
      [1, 2, 3].map(() => signUp(t, { email: "race@example.com", password: "password123" })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const channels = await t.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.value, "race@example.com"));
    expect(channels).toHaveLength(1);
  });

  it("rejects untrusted callback URLs, disabled sign-up and disabled passwords in order", async () => {
    await expectKnownError(
      await signUp(t, {
        email: "a@example.com",
        password: "password123",
        verification_callback_url: "https://evil.example.com/cb",
      }),
      "REDIRECT_URL_NOT_WHITELISTED",
      400,
    );
    const closed = await t.createProject({ config: { auth: { allowSignUp: false } } });
    const noPasswords = await t.createProject({
      config: { auth: { allowSignUp: false, password: { allowSignIn: false } } },
    });
    const body = { email: "a@example.com", password: "short" };
    await expectKnownError(
      await t.request("/auth/password/sign-up", {
        accessType: "client",
        projectId: closed.id,
        body,
      }),
      "SIGN_UP_NOT_ENABLED",
      400,
    );
    await expectKnownError(
      await t.request("/auth/password/sign-up", {
        accessType: "client",
        projectId: noPasswords.id,
        body,
      }),
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      400,
    );
  });

  it("validates the body", async () => {
    const body = await expectKnownError(
      await signUp(t, { email: "not-an-email", password: "password123" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("  - body.email must be a valid email");
  });
});

describe("sign-in (happy)", () => {
  it("signs in with the exact or differently-cased email", async () => {
    const user = await t.signUpUser("internal", { email: "signin@example.com" });
    for (const email of ["signin@example.com", "SignIn@Example.com "]) {
      const response = await signIn(t, { email: email.trim(), password: user.password });
      expect(response.status).toBe(200);
      const tokens = signInResponseSchema.parse(await response.json());
      expect(tokens.user_id).toBe(user.userId);
    }
  });

  it("verifies an imported bcrypt hash, then re-hashes it with argon2id", async () => {
    const hash = bcrypt.hashSync("imported password", 4).replace(/^\$2b\$/, "$2y$");
    const created = await t.request("/users", {
      accessType: "server",
      body: {
        primary_email: "imported@example.com",
        primary_email_auth_enabled: true,
        password_hash: hash,
      },
    });
    const { id } = (await created.json()) as { id: string };
    const response = await signIn(t, {
      email: "imported@example.com",
      password: "imported password",
    });
    expect(response.status).toBe(200);
    const [stored] = await t.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(
      (await signIn(t, { email: "imported@example.com", password: "imported password" })).status,
    ).toBe(200);
  });
});

describe("sign-in (error)", () => {
  it("answers EMAIL_PASSWORD_MISMATCH alike for a wrong password, an unknown email and no password", async () => {
    const user = await t.signUpUser();
    await t.request("/users", {
      accessType: "server",
      body: { primary_email: "nopassword@example.com", primary_email_auth_enabled: true },
    });
    await t.request("/users", {
      accessType: "server",
      body: { primary_email: "notforauth@example.com", password: "password123" },
    });
    for (const body of [
      { email: user.email, password: "wrong password" },
      { email: "nobody@example.com", password: "password123" },
      { email: "nopassword@example.com", password: "password123" },
      { email: "notforauth@example.com", password: "password123" },
    ]) {
      const error = await expectKnownError(await signIn(t, body), "EMAIL_PASSWORD_MISMATCH", 400);
      expect(error.error).toBe("Wrong e-mail or password.");
    }
  });

  it("requires MFA for a user with a TOTP secret", async () => {
    const user = await t.signUpUser();
    await t.request(`/users/${user.userId}`, {
      method: "PATCH",
      accessType: "server",
      body: { totp_secret_base64: "SGVsbG8gd29ybGQhISE=" },
    });
    const body = await expectKnownError(
      await signIn(t, { email: user.email, password: user.password }),
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
      400,
    );
    expect(body.details).toEqual({ attempt_code: expect.any(String) });
  });

  it("refuses when password sign-in is disabled", async () => {
    const project = await t.createProject({
      config: { auth: { password: { allowSignIn: false } } },
    });
    await expectKnownError(
      await t.request("/auth/password/sign-in", {
        accessType: "client",
        projectId: project.id,
        body: { email: "a@example.com", password: "x" },
      }),
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
      400,
    );
  });
});

describe("rate limits (security)", () => {
  it("limits sign-in attempts per email, with Retry-After, across IPs", async () => {
    const user = await limited.signUpUser("internal", { email: "limited@example.com" });
    const attempt = (ip: string) =>
      signIn(limited, { email: user.email, password: "wrong" }, { "x-forwarded-for": ip });
    expect((await attempt("198.51.100.1")).status).toBe(400);
    expect((await attempt("198.51.100.2")).status).toBe(400);
    const blocked = await attempt("198.51.100.3");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(blocked.headers.get("access-control-allow-origin")).toBe("*");
    // The correct password is blocked too while the window lasts, then works again.
    const correct = () =>
      signIn(
        limited,
        { email: user.email, password: user.password },
        { "x-forwarded-for": "198.51.100.9" },
      );
    expect((await correct()).status).toBe(429);
    limited.clock.advance(61_000);
    expect((await correct()).status).toBe(200);
  });

  it("stops guesses from one client without locking the owner out on another (issue 14)", async () => {
    // The default limits: before issue 14, 30 wrong passwords from anywhere locked the owner out.
    const api = await createTestAuthApi({ trustProxy: true });
    try {
      const user = await api.signUpUser("internal", { email: "alice@example.com" });
      const from = (ip: string, password: string) =>
        signIn(api, { email: user.email, password }, { "x-forwarded-for": ip });
      const guesses: number[] = [];
      for (let attempt = 0; attempt < 30; attempt += 1) {
        guesses.push((await from("198.51.100.66", "wrong password")).status);
      }
      expect(guesses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(guesses.slice(10)).toEqual(Array(20).fill(429));
      // The guessing client stays stopped, even with the right password.
      expect((await from("198.51.100.66", user.password)).status).toBe(429);
      expect((await from("203.0.113.20", user.password)).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it("limits sign-in attempts per IP, taking the proxy-appended x-forwarded-for entry", async () => {
    limited.clock.advance(61_000);
    const attempt = (index: number) =>
      signIn(
        limited,
        { email: `ip-${index}@example.com`, password: "wrong" },
        { "x-forwarded-for": `10.0.0.${index}, 203.0.113.5` },
      );
    for (const index of [1, 2, 3]) expect((await attempt(index)).status).toBe(400);
    expect((await attempt(4)).status).toBe(429);
    const otherIp = await signIn(
      limited,
      { email: "ip-5@example.com", password: "wrong" },
      { "x-forwarded-for": "203.0.113.6" },
    );
    expect(otherIp.status).toBe(400);
  });

  it("limits sign-ups per IP", async () => {
    limited.clock.advance(61_000);
    const attempt = (index: number) =>
      signUp(
        limited,
        { email: `signup-${index}@example.com`, password: "password123" },
        { "x-forwarded-for": "192.0.2.77" },
      );
    expect((await attempt(1)).status).toBe(200);
    expect((await attempt(2)).status).toBe(200);
    const blocked = await attempt(3);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    const [row] = await limited.db
      .select({ value: count() })
      .from(contactChannels)
      .where(eq(contactChannels.value, "signup-3@example.com"));
    expect(row?.value).toBe(0);
  });
});
