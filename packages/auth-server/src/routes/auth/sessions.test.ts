/**
 * Sessions and the refresh grant (contract §1.5, §1.7): `POST /auth/sessions`,
 * `POST /auth/sessions/current/refresh`, `DELETE /auth/sessions/current` and
 * `POST /auth/oauth/token` with `grant_type=refresh_token` (form and JSON bodies).
 */
import {
  createSessionResponseSchema,
  isRefreshTokenFormat,
  refreshGrantResponseSchema,
} from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { hashSecret } from "../../services/secrets/secrets";
import { expectKnownError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

function refreshGrant(refreshToken: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: "internal",
    client_secret: t.internalProject.keys.publishableClientKey,
    ...extra,
  });
}

describe("POST /auth/sessions (happy)", () => {
  it("creates a session whose refresh token is stored only as a digest", async () => {
    const user = await t.signUpUser();
    const response = await t.request("/auth/sessions", {
      accessType: "server",
      body: { user_id: user.userId, expires_in_millis: 3_600_000, is_impersonation: true },
    });
    expect(response.status).toBe(200);
    const body = createSessionResponseSchema.parse(await response.json());
    expect(isRefreshTokenFormat(body.refresh_token)).toBe(true);
    const claims = decodeJwt(body.access_token);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.refresh_token_id)));
    expect(row?.refreshTokenHash).toBe(hashSecret(body.refresh_token));
    expect(row?.isImpersonation).toBe(true);
    expect(row?.expiresAt.getTime()).toBe(t.clock().getTime() + 3_600_000);
  });

  it("defaults to 365 days and accepts `me`", async () => {
    const user = await t.signUpUser();
    const response = await t.request("/auth/sessions", {
      accessType: "admin",
      accessToken: user.accessToken,
      body: { user_id: "me" },
    });
    const claims = decodeJwt(((await response.json()) as { access_token: string }).access_token);
    expect(claims.sub).toBe(user.userId);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.refresh_token_id)));
    expect(row?.expiresAt.getTime()).toBe(t.clock().getTime() + 365 * 24 * 3600 * 1000);
  });
});

describe("POST /auth/sessions (error)", () => {
  it("rejects unknown users, too long lifetimes and client access", async () => {
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const body = await expectKnownError(
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: unknownId } }),
      "USER_ID_DOES_NOT_EXIST",
      400,
    );
    expect(body.details).toEqual({ user_id: unknownId });
    const tooLong = await expectKnownError(
      await t.request("/auth/sessions", {
        accessType: "server",
        body: { user_id: unknownId, expires_in_millis: 1000 * 60 * 60 * 24 * 370 },
      }),
      "SCHEMA_ERROR",
      400,
    );
    expect(tooLong.error).toBe(
      "Request validation failed on POST /api/v1/auth/sessions:\n  - body.expires_in_millis must be less than or equal to 31708800000",
    );
    await expectKnownError(
      await t.request("/auth/sessions", { accessType: "client", body: { user_id: unknownId } }),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: "me" } }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });
});

describe("refresh (happy)", () => {
  it("mints a fresh access token from the form-encoded refresh grant (SDK)", async () => {
    const user = await t.signUpUser();
    t.clock.advance(60_000);
    const response = await t.request("/auth/oauth/token", {
      body: refreshGrant(user.refreshToken),
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("pragma")).toBe("no-cache");
    const body = refreshGrantResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      token_type: "Bearer",
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null,
      expires_in: 600,
    });
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(user.userId);
    expect(claims.iat).toBe(Math.floor(t.clock().getTime() / 1000));
    expect(claims.refresh_token_id).toBe(decodeJwt(user.accessToken).refresh_token_id);
  });

  it("accepts JSON bodies, the public-client sentinel, a branch suffix and extra fields", async () => {
    const user = await t.signUpUser();
    const response = await t.request("/auth/oauth/token", {
      body: {
        grant_type: "refresh_token",
        refresh_token: user.refreshToken,
        client_id: "internal#main",
        client_secret: "__stack_public_client__",
        scope: "anything",
      },
    });
    expect(response.status).toBe(200);
  });

  it("refreshes through POST /auth/sessions/current/refresh and records activity", async () => {
    const user = await t.signUpUser();
    t.clock.advance(5_000);
    const response = await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      refreshToken: user.refreshToken,
      method: "POST",
    });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    const sessionId = String(decodeJwt(access_token).refresh_token_id);
    // The time goes to the database with the next batch (session-activity.ts); a server read
    // writes the batch first, as below.
    await t.api.sessionActivity.flush();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.lastActiveAt.getTime()).toBe(t.clock().getTime());
    const me = (await (
      await t.request("/users/me", { accessType: "server", accessToken: access_token })
    ).json()) as { last_active_at_millis: number };
    expect(me.last_active_at_millis).toBe(t.clock().getTime());
  });
});

describe("refresh (error)", () => {
  it("rejects unknown, expired, foreign and revoked refresh tokens", async () => {
    const expectRefreshError = async (body: URLSearchParams) =>
      expectKnownError(
        await t.request("/auth/oauth/token", { body }),
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401,
      );
    await expectRefreshError(refreshGrant("0".repeat(45)));

    const other = await t.createProject();
    const foreign = await t.signUpUser(other.id);
    await expectRefreshError(refreshGrant(foreign.refreshToken));

    const user = await t.signUpUser();
    const created = await t.request("/auth/sessions", {
      accessType: "server",
      body: { user_id: user.userId, expires_in_millis: 60_000 },
    });
    const shortLived = (await created.json()) as { refresh_token: string };
    t.clock.advance(61_000);
    await expectRefreshError(refreshGrant(shortLived.refresh_token));

    await t.request("/auth/sessions/current", {
      method: "DELETE",
      accessType: "client",
      accessToken: (
        (await (
          await t.request("/auth/oauth/token", { body: refreshGrant(user.refreshToken) })
        ).json()) as { access_token: string }
      ).access_token,
    });
    await expectRefreshError(refreshGrant(user.refreshToken));
  });

  it("rejects refresh tokens of deleted users", async () => {
    const user = await t.signUpUser();
    await t.request(`/users/${user.userId}`, { method: "DELETE", accessType: "server" });
    await expectKnownError(
      await t.request("/auth/oauth/token", { body: refreshGrant(user.refreshToken) }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );
  });

  it("rejects bad client credentials and other grant types", async () => {
    const user = await t.signUpUser();
    const badCredentials: Record<string, string>[] = [
      { client_secret: "wrong" },
      { client_id: "no-such-project" },
      { client_id: "internal#dev" },
    ];
    for (const extra of badCredentials) {
      const body = await expectKnownError(
        await t.request("/auth/oauth/token", { body: refreshGrant(user.refreshToken, extra) }),
        "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
        400,
      );
      expect(body.details).toEqual({ client_id: null });
    }
    const strict = await t.createProject({
      config: { project: { requirePublishableClientKey: true } },
    });
    await expectKnownError(
      await t.request("/auth/oauth/token", {
        body: refreshGrant(user.refreshToken, {
          client_id: strict.id,
          client_secret: "__stack_public_client__",
        }),
      }),
      "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
      401,
    );
    await expectKnownError(
      await t.request("/auth/oauth/token", {
        body: refreshGrant(user.refreshToken, { grant_type: "password" }),
      }),
      "SCHEMA_ERROR",
      400,
    );
    const missing = await t.request("/auth/oauth/token", {
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: "internal",
        client_secret: "__stack_public_client__",
      }),
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-stack-known-error")).toBeNull();
    expect(await missing.json()).toEqual({
      error: "invalid_request",
      error_description: "Missing parameter: `refresh_token`",
    });
  });

  it("requires the refresh-token header on /auth/sessions/current/refresh", async () => {
    const body = await expectKnownError(
      await t.request("/auth/sessions/current/refresh", { accessType: "client", method: "POST" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("headers.x-stack-refresh-token must be defined");
    await expectKnownError(
      await t.request("/auth/sessions/current/refresh", {
        accessType: "client",
        method: "POST",
        refreshToken: "0".repeat(45),
      }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );
  });
});

describe("sign-out (security)", () => {
  it("deletes only the access token's session; the access token stays valid until it expires", async () => {
    const user = await t.signUpUser();
    const second = (await (
      await t.request("/auth/sessions", { accessType: "server", body: { user_id: user.userId } })
    ).json()) as { refresh_token: string };
    const response = await t.request("/auth/sessions/current", {
      method: "DELETE",
      accessType: "client",
      accessToken: user.accessToken,
      body: {},
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await expectKnownError(
      await t.request("/auth/oauth/token", { body: refreshGrant(user.refreshToken) }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );
    expect(
      (await t.request("/auth/oauth/token", { body: refreshGrant(second.refresh_token) })).status,
    ).toBe(200);
    // Stateless access tokens (§1.3): still accepted, but the session is gone.
    expect(
      (await t.request("/users/me", { accessType: "client", accessToken: user.accessToken }))
        .status,
    ).toBe(200);
    await expectKnownError(
      await t.request("/auth/sessions/current", {
        method: "DELETE",
        accessType: "client",
        accessToken: user.accessToken,
      }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );
  });

  it("answers ACCESS_TOKEN_EXPIRED with null details without an access token", async () => {
    const body = await expectKnownError(
      await t.request("/auth/sessions/current", { method: "DELETE", accessType: "client" }),
      "ACCESS_TOKEN_EXPIRED",
      401,
    );
    expect(body.details).toEqual({
      expired_at_millis: null,
      project_id: null,
      user_id: null,
      refresh_token_id: null,
    });
  });
});
