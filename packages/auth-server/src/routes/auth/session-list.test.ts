/**
 * `GET /auth/sessions?user_id=…` and `DELETE /auth/sessions/{id}?user_id=…` (contract §2.5): the
 * current session marked, impersonation sessions shown to admins only, and revoking any session but
 * the caller's own.
 */
import { sessionListResponseSchema } from "@heritage/auth-protocol";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(() => t.close());

async function createSession(userId: string, isImpersonation = false) {
  const response = await t.request("/auth/sessions", {
    accessType: "server",
    body: { user_id: userId, is_impersonation: isImpersonation },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

async function listSessions(options: Parameters<TestAuthApi["request"]>[1], userId = "me") {
  const response = await t.request(`/auth/sessions?user_id=${userId}`, options);
  expect(response.status).toBe(200);
  return sessionListResponseSchema.parse(await response.json());
}

const deleteSession = (id: string, options: Parameters<TestAuthApi["request"]>[1], userId = "me") =>
  t.request(`/auth/sessions/${id}?user_id=${userId}`, { method: "DELETE", ...options });

async function countSessions(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ value: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.value ?? 0;
}

describe("GET /auth/sessions (happy)", () => {
  it("lists the user's sessions newest first, the caller's marked current", async () => {
    const user = await t.signUpUser();
    t.clock.advance(1000);
    const second = await createSession(user.userId);
    const list = await listSessions({ accessType: "client", accessToken: user.accessToken });
    expect(list.is_paginated).toBe(false);
    expect(list.items).toHaveLength(2);
    const [newest, oldest] = list.items;
    expect(newest).toMatchObject({ user_id: user.userId, is_current_session: false });
    expect(oldest).toMatchObject({ user_id: user.userId, is_current_session: true });
    expect(newest?.created_at).toBe(t.clock().getTime());
    expect((oldest?.created_at ?? 0) < (newest?.created_at ?? 0)).toBe(true);

    const fromSecond = await listSessions({
      accessType: "client",
      accessToken: second.access_token,
    });
    expect(fromSecond.items.map((item) => item.is_current_session)).toEqual([true, false]);
  });

  it("accepts the own user id instead of me", async () => {
    const user = await t.signUpUser();
    const list = await listSessions(
      { accessType: "client", accessToken: user.accessToken },
      user.userId,
    );
    expect(list.items).toHaveLength(1);
  });

  it("shows impersonation sessions to admins only", async () => {
    const user = await t.signUpUser();
    t.clock.advance(1000);
    await createSession(user.userId, true);
    const asClient = await listSessions({ accessType: "client", accessToken: user.accessToken });
    expect(asClient.items.map((item) => item.is_impersonation)).toEqual([false]);
    const asServer = await listSessions({ accessType: "server" }, user.userId);
    expect(asServer.items).toHaveLength(1);
    const asAdmin = await listSessions({ accessType: "admin" }, user.userId);
    expect(asAdmin.items.map((item) => item.is_impersonation)).toEqual([true, false]);
    expect(asAdmin.items.every((item) => !item.is_current_session)).toBe(true);
  });

  it("leaves out expired sessions", async () => {
    const user = await t.signUpUser();
    await t.request("/auth/sessions", {
      accessType: "server",
      body: { user_id: user.userId, expires_in_millis: 60_000 },
    });
    t.clock.advance(61_000);
    const list = await listSessions({ accessType: "server" }, user.userId);
    expect(list.items).toHaveLength(1);
  });
});

describe("GET /auth/sessions (rejected)", () => {
  it("needs user_id", async () => {
    const user = await t.signUpUser();
    const body = await expectKnownError(
      await t.request("/auth/sessions", { accessType: "client", accessToken: user.accessToken }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("query.user_id must be defined");
  });

  it("refuses another user's sessions to a client, and me without a user", async () => {
    const user = await t.signUpUser();
    const other = await t.signUpUser();
    await expectTextError(
      await t.request(`/auth/sessions?user_id=${other.userId}`, {
        accessType: "client",
        accessToken: user.accessToken,
      }),
      403,
      "Client can only list sessions for their own user.",
    );
    await expectKnownError(
      await t.request("/auth/sessions?user_id=me", { accessType: "client" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
    await expectKnownError(
      await t.request(`/auth/sessions?user_id=${other.userId}`, { accessType: "client" }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });
});

describe("DELETE /auth/sessions/{id}", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUpUser();
  });

  it("revokes another session of the caller: its refresh token stops working", async () => {
    const other = await createSession(user.userId);
    const list = await listSessions({ accessType: "client", accessToken: user.accessToken });
    const target = list.items.find((item) => !item.is_current_session);
    const response = await deleteSession(String(target?.id), {
      accessType: "client",
      accessToken: user.accessToken,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await expectKnownError(
      await t.request("/auth/sessions/current/refresh", {
        accessType: "client",
        refreshToken: other.refresh_token,
        method: "POST",
      }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );
    const after = await listSessions({ accessType: "client", accessToken: user.accessToken });
    expect(after.items.map((item) => item.is_current_session)).toEqual([true]);
  });

  it("never deletes the current session through this route", async () => {
    const list = await listSessions({ accessType: "client", accessToken: user.accessToken });
    const current = list.items.find((item) => item.is_current_session);
    const before = await countSessions(user.userId);
    await expectKnownError(
      await deleteSession(String(current?.id), {
        accessType: "client",
        accessToken: user.accessToken,
      }),
      "CANNOT_DELETE_CURRENT_SESSION",
      400,
    );
    expect(await countSessions(user.userId)).toBe(before);
  });

  it("answers 404 for another user's session, an unknown id, or the wrong user_id", async () => {
    const other = await t.signUpUser();
    const [otherSession] = (await listSessions({ accessType: "server" }, other.userId)).items;
    const asUser = { accessType: "client" as const, accessToken: user.accessToken };
    await expectTextError(
      await deleteSession(String(otherSession?.id), asUser),
      404,
      "Session not found.",
    );
    await expectTextError(
      await deleteSession(String(otherSession?.id), asUser, other.userId),
      404,
      "Session not found.",
    );
    await expectTextError(
      await deleteSession(crypto.randomUUID(), asUser),
      404,
      "Session not found.",
    );
    await expectTextError(
      await deleteSession(String(otherSession?.id), { accessType: "server" }, user.userId),
      404,
      "Session not found.",
    );
    expect(await countSessions(other.userId)).toBe(1);
  });

  it("lets the server revoke any session of a user", async () => {
    const other = await t.signUpUser();
    const [session] = (await listSessions({ accessType: "server" }, other.userId)).items;
    const response = await deleteSession(
      String(session?.id),
      { accessType: "server" },
      other.userId,
    );
    expect(response.status).toBe(200);
    expect(await countSessions(other.userId)).toBe(0);
  });

  it("validates the id; server access may leave out user_id (as the server SDK does)", async () => {
    const asUser = { accessType: "client" as const, accessToken: user.accessToken };
    const body = await expectKnownError(
      await t.request("/auth/sessions/not-a-uuid", { method: "DELETE", ...asUser }),
      "SCHEMA_ERROR",
      400,
    );
    expect(body.error).toContain("params.id must be a valid UUID");
    const other = await t.signUpUser();
    const [session] = (await listSessions({ accessType: "server" }, other.userId)).items;
    await expectTextError(
      await t.request(`/auth/sessions/${session?.id}`, { method: "DELETE", ...asUser }),
      404,
      "Session not found.",
    );
    const response = await t.request(`/auth/sessions/${session?.id}`, {
      method: "DELETE",
      accessType: "server",
    });
    expect(response.status).toBe(200);
    expect(await countSessions(other.userId)).toBe(0);
  });
});
