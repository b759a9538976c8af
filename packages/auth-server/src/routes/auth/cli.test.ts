/**
 * `/auth/cli` (contract §2.17): initiate, poll (waiting, success with a refresh token, used,
 * expired), complete by the signed-in user, and the anonymous-session modes, with every error.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliAuthAttempts, sessions, users } from "../../db/schema";
import { defaultIdGenerators, hashSecret } from "../../services/secrets/secrets";
import { createSession } from "../../services/sign-in/sessions";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

interface Initiated {
  polling_code: string;
  login_code: string;
  expires_at: string;
}

const asClient = { accessType: "client" as const };

async function initiate(body: Record<string, unknown> = {}): Promise<Initiated> {
  const response = await t.request("/auth/cli", { ...asClient, body });
  expect(response.status).toBe(200);
  return (await response.json()) as Initiated;
}

const poll = (pollingCode: string) =>
  t.request("/auth/cli/poll", { ...asClient, body: { polling_code: pollingCode } });

const complete = (body: Record<string, unknown>) =>
  t.request("/auth/cli/complete", { ...asClient, body });

/** An anonymous user with a session, made directly (anonymous sign-up is another module's). */
async function signUpAnonymous(): Promise<{ refreshToken: string; userId: string }> {
  const userId = crypto.randomUUID();
  await t.db.insert(users).values({
    id: userId,
    projectId: "internal",
    isAnonymous: true,
    signedUpAt: t.clock(),
    lastActiveAt: t.clock(),
  });
  const { refreshToken } = await createSession(
    t.db,
    { clock: t.clock, ids: defaultIdGenerators },
    { projectId: "internal", userId },
  );
  return { refreshToken, userId };
}

describe("CLI sign-in (happy)", () => {
  it("initiates with a 2-hour default, waits, completes and hands the CLI the browser's refresh token", async () => {
    const attempt = await initiate();
    expect(attempt.polling_code).toMatch(/^[0-9a-z]{45}$/);
    expect(attempt.login_code).toMatch(/^[0-9a-z]{45}$/);
    expect(attempt.login_code).not.toBe(attempt.polling_code);
    expect(new Date(attempt.expires_at).getTime()).toBe(t.clock().getTime() + 2 * 60 * 60 * 1000);
    const [stored] = await t.db
      .select()
      .from(cliAuthAttempts)
      .where(eq(cliAuthAttempts.pollingCodeHash, hashSecret(attempt.polling_code)));
    expect(stored?.loginCodeHash).toBe(hashSecret(attempt.login_code));

    const waiting = await poll(attempt.polling_code);
    expect({ status: waiting.status, body: await waiting.json() }).toEqual({
      status: 200,
      body: { status: "waiting" },
    });

    const user = await t.signUpUser();
    const completed = await complete({
      login_code: attempt.login_code,
      refresh_token: user.refreshToken,
    });
    expect({ status: completed.status, body: await completed.json() }).toEqual({
      status: 200,
      body: { success: true },
    });

    // Until the poll collects it, the token is kept sealed, never in the clear.
    const [pending] = await t.db
      .select()
      .from(cliAuthAttempts)
      .where(eq(cliAuthAttempts.pollingCodeHash, hashSecret(attempt.polling_code)));
    expect(pending?.refreshTokenSealed).toBeTruthy();
    expect(pending?.refreshTokenSealed).not.toContain(user.refreshToken);

    const success = await poll(attempt.polling_code);
    expect(success.status).toBe(201);
    const body = (await success.json()) as { status: string; refresh_token: string };
    expect(body).toEqual({ status: "success", refresh_token: user.refreshToken });
    const [collected] = await t.db
      .select()
      .from(cliAuthAttempts)
      .where(eq(cliAuthAttempts.pollingCodeHash, hashSecret(attempt.polling_code)));
    expect(collected?.refreshTokenSealed).toBeNull();

    // The CLI's refresh token works at the token endpoint.
    const refreshed = await t.request("/auth/sessions/current/refresh", {
      ...asClient,
      method: "POST",
      refreshToken: body.refresh_token,
    });
    expect(refreshed.status).toBe(200);

    const again = await poll(attempt.polling_code);
    expect({ status: again.status, body: await again.json() }).toEqual({
      status: 200,
      body: { status: "used" },
    });
  });

  it("answers expired after the requested lifetime, also for a completed attempt", async () => {
    const attempt = await initiate({ expires_in_millis: 60_000 });
    expect(new Date(attempt.expires_at).getTime()).toBe(t.clock().getTime() + 60_000);
    const user = await t.signUpUser();
    await complete({ login_code: attempt.login_code, refresh_token: user.refreshToken });
    t.clock.advance(60_000);
    const expired = await poll(attempt.polling_code);
    expect({ status: expired.status, body: await expired.json() }).toEqual({
      status: 200,
      body: { status: "expired" },
    });
  });

  it("check and claim-anon-session for a CLI that brought an anonymous session", async () => {
    const anon = await signUpAnonymous();
    const attempt = await initiate({ anon_refresh_token: anon.refreshToken });
    const checked = await complete({ login_code: attempt.login_code, mode: "check" });
    expect(await checked.json()).toEqual({ cli_session_state: "anonymous" });

    const [stored] = await t.db
      .select()
      .from(cliAuthAttempts)
      .where(eq(cliAuthAttempts.loginCodeHash, hashSecret(attempt.login_code)));
    expect(stored?.anonRefreshTokenSealed).toBeTruthy();
    expect(stored?.anonRefreshTokenSealed).not.toContain(anon.refreshToken);

    // The browser takes over the CLI's very session (as the reference answers).
    const claimed = await complete({ login_code: attempt.login_code, mode: "claim-anon-session" });
    expect(claimed.status).toBe(200);
    const tokens = (await claimed.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toBe(anon.refreshToken);
    const me = await t.request("/users/me", {
      ...asClient,
      accessToken: tokens.access_token,
      headers: { "x-stack-allow-anonymous-user": "true" },
    });
    expect(((await me.json()) as { id: string }).id).toBe(anon.userId);

    // Claimed once only; check now reports none.
    await expectTextError(
      await complete({ login_code: attempt.login_code, mode: "claim-anon-session" }),
      400,
      "No anonymous session associated with this code",
    );
    const after = await complete({ login_code: attempt.login_code, mode: "check" });
    expect(await after.json()).toEqual({ cli_session_state: "none" });
  });

  it("claim-anon-session refuses a CLI session signed out before the claim, once", async () => {
    const anon = await signUpAnonymous();
    const attempt = await initiate({ anon_refresh_token: anon.refreshToken });
    await t.db.delete(sessions).where(eq(sessions.refreshTokenHash, hashSecret(anon.refreshToken)));
    await expectTextError(
      await complete({ login_code: attempt.login_code, mode: "claim-anon-session" }),
      400,
      "Anonymous session is no longer valid",
    );
    await expectTextError(
      await complete({ login_code: attempt.login_code, mode: "claim-anon-session" }),
      400,
      "No anonymous session associated with this code",
    );
  });
});

describe("CLI sign-in (rejected input)", () => {
  it("rejects unknown polling codes and bad initiate bodies", async () => {
    await expectKnownError(await poll("x".repeat(45)), "INVALID_POLLING_CODE", 400);
    const tooLong = await t.request("/auth/cli", {
      ...asClient,
      body: { expires_in_millis: 24 * 60 * 60 * 1000 + 1 },
    });
    await expectKnownError(tooLong, "SCHEMA_ERROR", 400);
    const missing = await t.request("/auth/cli/poll", { ...asClient, body: {} });
    expect((await expectKnownError(missing, "SCHEMA_ERROR", 400)).error).toContain(
      "body.polling_code must be defined",
    );
  });

  it("rejects bad anonymous refresh tokens with the reference's texts", async () => {
    await expectTextError(
      await t.request("/auth/cli", { ...asClient, body: { anon_refresh_token: "nope" } }),
      400,
      "Invalid anon refresh token",
    );
    const user = await t.signUpUser();
    await expectTextError(
      await t.request("/auth/cli", {
        ...asClient,
        body: { anon_refresh_token: user.refreshToken },
      }),
      400,
      "The provided refresh token does not belong to an anonymous user",
    );
    const project = await t.createProject();
    const foreign = await t.signUpUser(project.id);
    await expectTextError(
      await t.request("/auth/cli", {
        ...asClient,
        body: { anon_refresh_token: foreign.refreshToken },
      }),
      400,
      "Anon refresh token does not belong to this project",
    );
    const anon = await signUpAnonymous();
    await t.db
      .update(sessions)
      .set({ expiresAt: t.clock() })
      .where(eq(sessions.refreshTokenHash, hashSecret(anon.refreshToken)));
    await expectTextError(
      await t.request("/auth/cli", {
        ...asClient,
        body: { anon_refresh_token: anon.refreshToken },
      }),
      400,
      "The provided anon refresh token has expired",
    );
  });

  it("complete: required refresh token, invalid or foreign tokens, unknown, spent or expired codes", async () => {
    const attempt = await initiate();
    await expectTextError(
      await complete({ login_code: attempt.login_code }),
      400,
      "refresh_token is required when mode is 'complete'",
    );
    await expectTextError(
      await complete({ login_code: attempt.login_code, refresh_token: "nope" }),
      400,
      "Invalid refresh token",
    );
    const project = await t.createProject();
    const foreign = await t.signUpUser(project.id);
    await expectTextError(
      await complete({ login_code: attempt.login_code, refresh_token: foreign.refreshToken }),
      400,
      "Refresh token does not belong to this project",
    );
    const invalidCode = "Invalid login code or the code has expired";
    const user = await t.signUpUser();
    await expectTextError(
      await complete({ login_code: "unknown", refresh_token: user.refreshToken }),
      400,
      invalidCode,
    );
    // Nothing above changed the attempt: it still waits.
    expect(await (await poll(attempt.polling_code)).json()).toEqual({ status: "waiting" });

    await complete({ login_code: attempt.login_code, refresh_token: user.refreshToken });
    await expectTextError(
      await complete({ login_code: attempt.login_code, refresh_token: user.refreshToken }),
      400,
      invalidCode,
    );
    await expectTextError(
      await complete({ login_code: attempt.login_code, mode: "check" }),
      400,
      invalidCode,
    );

    const late = await initiate({ expires_in_millis: 1000 });
    t.clock.advance(1000);
    await expectTextError(
      await complete({ login_code: late.login_code, refresh_token: user.refreshToken }),
      400,
      invalidCode,
    );
    const badMode = await complete({ login_code: late.login_code, mode: "steal" });
    await expectKnownError(badMode, "SCHEMA_ERROR", 400);
  });

  it("codes of one project do not work in another", async () => {
    const attempt = await initiate();
    const project = await t.createProject();
    const response = await t.request("/auth/cli/poll", {
      accessType: "client",
      projectId: project.id,
      body: { polling_code: attempt.polling_code },
    });
    await expectKnownError(response, "INVALID_POLLING_CODE", 400);
  });
});
