/**
 * `POST /auth/anonymous/sign-up` (contract §2.13), the allow-anonymous header rules for the tokens it
 * hands out (§1.3), and upgrading the anonymous user by password or OTP sign-up (same user id).
 */
import { accessTokenClaimsSchema } from "@heritage/auth-protocol";
import { count, eq } from "drizzle-orm";
import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

const callbackUrl = "http://localhost:12345/some-callback-url";

beforeAll(async () => {
  t = await createTestAuthApi();
  ({ id: projectId } = await t.createProject({
    config: { auth: { otp: { allowSignIn: true } }, teams: { createPersonalTeamOnSignUp: true } },
  }));
});
afterAll(() => t.close());

interface Tokens {
  access_token: string;
  refresh_token: string;
  user_id: string;
}

async function signUpAnonymously(id = projectId): Promise<Tokens> {
  const response = await t.request("/auth/anonymous/sign-up", {
    accessType: "client",
    projectId: id,
    method: "POST",
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

const allowAnonymous = { "x-stack-allow-anonymous-user": "true" };

async function readMe(accessToken: string, headers: Record<string, string> = allowAnonymous) {
  return t.request("/users/me", { accessType: "client", projectId, accessToken, headers });
}

async function countUsers(): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

describe("anonymous sign-up (happy)", () => {
  it("creates an anonymous, restricted user with an :anon token", async () => {
    const tokens = await signUpAnonymously();
    expect(Object.keys(tokens).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    const claims = accessTokenClaimsSchema.parse(decodeJwt(tokens.access_token));
    expect(claims).toMatchObject({
      sub: tokens.user_id,
      aud: `${projectId}:anon`,
      iss: `${t.baseUrl}/api/v1/projects-anonymous-users/${projectId}`,
      is_anonymous: true,
      is_restricted: true,
      restricted_reason: { type: "anonymous" },
      email: null,
    });
    const me = await readMe(tokens.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: tokens.user_id,
      is_anonymous: true,
      is_restricted: true,
      primary_email: null,
      has_password: false,
      selected_team: { display_name: "Personal Team" },
    });
  });

  it("signs with an anonymous key published only with include_anonymous", async () => {
    const tokens = await signUpAnonymously();
    const jwks = async (query: string) => {
      const response = await t.request(`/projects/${projectId}/.well-known/jwks.json${query}`);
      return createLocalJWKSet((await response.json()) as JSONWebKeySet);
    };
    const options = { audience: `${projectId}:anon`, currentDate: t.clock() };
    const verified = await jwtVerify(
      tokens.access_token,
      await jwks("?include_anonymous=true"),
      options,
    );
    expect(verified.payload.sub).toBe(tokens.user_id);
    await expect(jwtVerify(tokens.access_token, await jwks(""), options)).rejects.toThrow();
    await expect(
      jwtVerify(tokens.access_token, await jwks("?include_restricted=true"), options),
    ).rejects.toThrow();
  });

  it("accepts an empty JSON body", async () => {
    const response = await t.request("/auth/anonymous/sign-up", {
      accessType: "client",
      projectId,
      body: {},
    });
    expect(response.status).toBe(200);
  });

  it("refreshes an anonymous session into another :anon token", async () => {
    const tokens = await signUpAnonymously();
    const response = await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      projectId,
      refreshToken: tokens.refresh_token,
      method: "POST",
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(decodeJwt(access_token).aud).toBe(`${projectId}:anon`);
  });
});

describe("anonymous tokens need the allow-anonymous header", () => {
  it("answers ANONYMOUS_AUTHENTICATION_NOT_ALLOWED without it (or with false)", async () => {
    const tokens = await signUpAnonymously();
    await expectKnownError(
      await readMe(tokens.access_token, {}),
      "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      401,
    );
    await expectKnownError(
      await readMe(tokens.access_token, { "x-stack-allow-anonymous-user": "false" }),
      "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      401,
    );
    const hexclave = await readMe(tokens.access_token, {
      "x-hexclave-allow-anonymous-user": "true",
    });
    expect(hexclave.status).toBe(200);
  });

  it("is refused as an admin access token", async () => {
    const tokens = await signUpAnonymously("internal");
    await expectKnownError(
      await t.request("/users", {
        accessType: "admin",
        projectId,
        keys: null,
        adminAccessToken: tokens.access_token,
      }),
      "UNPARSABLE_ADMIN_ACCESS_TOKEN",
      401,
    );
  });
});

describe("anonymous sign-up (rejected)", () => {
  it("rejects a body with fields and needs an access type", async () => {
    const usersBefore = await countUsers();
    const body = await expectKnownError(
      await t.request("/auth/anonymous/sign-up", {
        accessType: "client",
        projectId,
        body: { email: "a@example.com" },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("body contains unknown properties: email");
    await expectKnownError(
      await t.request("/auth/anonymous/sign-up", { method: "POST" }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
    expect(await countUsers()).toBe(usersBefore);
  });

  it("is closed with SIGN_UP_NOT_ENABLED when the project's sign-up is off (issue 14)", async () => {
    const { id } = await t.createProject({ config: { auth: { allowSignUp: false } } });
    const usersBefore = await countUsers();
    for (const access of ["client", "server"] as const) {
      await expectKnownError(
        await t.request("/auth/anonymous/sign-up", {
          accessType: access,
          projectId: id,
          method: "POST",
        }),
        "SIGN_UP_NOT_ENABLED",
        400,
      );
    }
    expect(await countUsers()).toBe(usersBefore);
  });

  it("opens with AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF (the reference's behaviour); upgrading still needs sign-up", async () => {
    const { id } = await t.createProject({ config: { auth: { allowSignUp: false } } });
    const open = await createTestAuthApi({
      connection: t.connection,
      clock: t.clock,
      env: { AUTH_ANONYMOUS_SIGN_UP_WITH_SIGN_UP_OFF: "true" },
    });
    try {
      const response = await open.request("/auth/anonymous/sign-up", {
        accessType: "client",
        projectId: id,
        method: "POST",
      });
      expect(response.status).toBe(200);
      const tokens = (await response.json()) as Tokens;
      const usersBefore = await countUsers();
      await expectKnownError(
        await open.request("/auth/password/sign-up", {
          accessType: "client",
          projectId: id,
          accessToken: tokens.access_token,
          headers: allowAnonymous,
          body: { email: "anon-upgrade-closed@example.com", password: "password123" },
        }),
        "SIGN_UP_NOT_ENABLED",
        400,
      );
      expect(await countUsers()).toBe(usersBefore);
    } finally {
      await open.close();
    }
  });

  it("is rate-limited per client IP with the sign-up limit", async () => {
    const limited = await createTestAuthApi({ env: { AUTH_RATE_LIMIT_SIGN_UP_PER_IP: "2" } });
    try {
      const send = () =>
        limited.request("/auth/anonymous/sign-up", { accessType: "client", method: "POST" });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const blocked = await send();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("upgrading an anonymous user", () => {
  it("keeps the user id when signing up with a password", async () => {
    const anonymous = await signUpAnonymously();
    const response = await t.request("/auth/password/sign-up", {
      accessType: "client",
      projectId,
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { email: "upgrade-password@example.com", password: "password123" },
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens.user_id).toBe(anonymous.user_id);
    expect(decodeJwt(tokens.access_token).aud).toBe(projectId);
    const me = await readMe(tokens.access_token, {});
    expect(await me.json()).toMatchObject({
      id: anonymous.user_id,
      is_anonymous: false,
      primary_email: "upgrade-password@example.com",
      has_password: true,
    });
  });

  it("names the still-default personal team after the user, but keeps a renamed one", async () => {
    const teamOf = async (accessToken: string) => {
      const me = await readMe(accessToken);
      return ((await me.json()) as { selected_team: { id: string; display_name: string } })
        .selected_team;
    };
    const upgrade = (tokens: Tokens, email: string) =>
      t.request("/auth/password/sign-up", {
        accessType: "client",
        projectId,
        accessToken: tokens.access_token,
        headers: allowAnonymous,
        body: { email, password: "password123" },
      });

    const first = await signUpAnonymously();
    const before = await teamOf(first.access_token);
    const upgraded = (await (await upgrade(first, "team-name@example.com")).json()) as Tokens;
    expect(await teamOf(upgraded.access_token)).toEqual({
      ...before,
      display_name: "team-name@example.com's Team",
    });

    const second = await signUpAnonymously();
    const team = await teamOf(second.access_token);
    await t.request(`/teams/${team.id}`, {
      accessType: "server",
      projectId,
      method: "PATCH",
      body: { display_name: "My own name" },
    });
    const kept = (await (await upgrade(second, "team-kept@example.com")).json()) as Tokens;
    expect((await teamOf(kept.access_token)).display_name).toBe("My own name");
  });

  it("keeps the user id when signing in with an e-mailed code", async () => {
    const anonymous = await signUpAnonymously();
    const email = "upgrade-otp@example.com";
    const sent = await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId,
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { email, callback_url: callbackUrl },
    });
    expect(sent.status).toBe(200);
    const code = await t.readCodeFromOutbox(email, "Sign in to");
    const usersBefore = await countUsers();
    const response = await t.request("/auth/otp/sign-in", {
      accessType: "client",
      projectId,
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { code },
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens & { is_new_user: boolean };
    expect(tokens).toMatchObject({ user_id: anonymous.user_id, is_new_user: true });
    expect(await countUsers()).toBe(usersBefore);
    const [row] = await t.db.select().from(users).where(eq(users.id, anonymous.user_id));
    expect(row).toMatchObject({ isAnonymous: false, otpAuthEnabled: true });
  });

  it("does not upgrade when the code's address already has an account", async () => {
    const existing = await t.signUpUser(projectId);
    await t.request(`/users/${existing.userId}`, {
      accessType: "server",
      projectId,
      method: "PATCH",
      body: { primary_email_verified: true },
    });
    const anonymous = await signUpAnonymously();
    await t.request("/auth/otp/send-sign-in-code", {
      accessType: "client",
      projectId,
      body: { email: existing.email, callback_url: callbackUrl },
    });
    const code = await t.readCodeFromOutbox(existing.email, "Sign in to");
    const response = await t.request("/auth/otp/sign-in", {
      accessType: "client",
      projectId,
      accessToken: anonymous.access_token,
      headers: allowAnonymous,
      body: { code },
    });
    expect(((await response.json()) as Tokens).user_id).toBe(existing.userId);
    const [row] = await t.db.select().from(users).where(eq(users.id, anonymous.user_id));
    expect(row?.isAnonymous).toBe(true);
  });

  it("refuses to upgrade once sign-up is closed, leaving the user anonymous", async () => {
    const { id } = await t.createProject();
    const anonymous = await signUpAnonymously(id);
    const closed = await t.request("/internal/projects/current", {
      accessType: "admin",
      projectId: id,
      method: "PATCH",
      body: { config: { sign_up_enabled: false } },
    });
    expect(closed.status).toBe(200);
    await expectKnownError(
      await t.request("/auth/password/sign-up", {
        accessType: "client",
        projectId: id,
        accessToken: anonymous.access_token,
        headers: allowAnonymous,
        body: { email: "closed@example.com", password: "password123" },
      }),
      "SIGN_UP_NOT_ENABLED",
      400,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, anonymous.user_id));
    expect(row?.isAnonymous).toBe(true);
  });
});
