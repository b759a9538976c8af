/**
 * Refreshes' times of activity written in batches (session-activity.ts): the newest time of each
 * session and user in one write, never backwards, the address kept when none is known, written
 * within the delay without a flush, and read fresh by the server in this process.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { silentLogger } from "../services/shared/auth-logger";
import { createTestAuthApi, type TestAuthApi } from "../testing/test-auth-api";
import { createSessionActivity } from "./session-activity";

let t: TestAuthApi;

beforeAll(async () => {
  t = await createTestAuthApi();
});
afterAll(async () => {
  await t.close();
});

async function signedInSession() {
  const user = await t.signUpUser();
  const sessionId = String(decodeJwt(user.accessToken).refresh_token_id);
  return { ...user, sessionId };
}

async function rowsOf(sessionId: string, userId: string) {
  const [session] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return { session, user };
}

describe("session activity", () => {
  it("writes each session's and user's newest time in one batch, never backwards", async () => {
    const written: string[][] = [];
    const activity = createSessionActivity({
      db: t.db,
      logger: silentLogger,
      flushAfterMs: 60_000,
      onUsersWritten: (ids) => written.push([...ids]),
    });
    const a = await signedInSession();
    const b = await signedInSession();
    const base = t.clock().getTime();
    const at = (seconds: number) => new Date(base + seconds * 1000);
    activity.record(a.sessionId, a.userId, at(10), "203.0.113.7");
    activity.record(a.sessionId, a.userId, at(30), null);
    activity.record(a.sessionId, a.userId, at(20), null);
    activity.record(b.sessionId, b.userId, at(5), "198.51.100.2");
    expect(activity.hasPending).toBe(true);
    // Nothing is written before the flush.
    expect((await rowsOf(a.sessionId, a.userId)).session?.lastActiveAt.getTime()).toBe(base);
    await activity.flush();
    expect(activity.hasPending).toBe(false);
    const rowsA = await rowsOf(a.sessionId, a.userId);
    expect(rowsA.session?.lastActiveAt.getTime()).toBe(at(30).getTime());
    expect(rowsA.session?.lastActiveIp).toBe("203.0.113.7");
    expect(rowsA.user?.lastActiveAt.getTime()).toBe(at(30).getTime());
    const rowsB = await rowsOf(b.sessionId, b.userId);
    expect(rowsB.session?.lastActiveIp).toBe("198.51.100.2");
    expect(written).toEqual([[a.userId, b.userId]]);
    // An older note than the stored time changes nothing.
    activity.record(a.sessionId, a.userId, at(1), "192.0.2.1");
    await activity.flush();
    const again = await rowsOf(a.sessionId, a.userId);
    expect(again.session?.lastActiveAt.getTime()).toBe(at(30).getTime());
    expect(again.session?.lastActiveIp).toBe("203.0.113.7");
    await activity.close();
  });

  it("writes on its own within the delay", async () => {
    const activity = createSessionActivity({ db: t.db, logger: silentLogger, flushAfterMs: 20 });
    const a = await signedInSession();
    const later = new Date(t.clock().getTime() + 60_000);
    activity.record(a.sessionId, a.userId, later, null);
    await expect
      .poll(async () => (await rowsOf(a.sessionId, a.userId)).session?.lastActiveAt.getTime())
      .toBe(later.getTime());
    await activity.close();
  });

  it("a refresh writes nothing itself; a server read of the user or its sessions sees it", async () => {
    const a = await signedInSession();
    t.clock.advance(90_000);
    const refreshed = await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      method: "POST",
      refreshToken: a.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const now = t.clock().getTime();
    expect((await rowsOf(a.sessionId, a.userId)).session?.lastActiveAt.getTime()).not.toBe(now);
    const server = await t.request(`/users/${a.userId}`, { accessType: "server" });
    expect(await server.json()).toMatchObject({ last_active_at_millis: now });
    t.clock.advance(1_000);
    await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      method: "POST",
      refreshToken: a.refreshToken,
    });
    const own = await t.request("/auth/sessions?user_id=me", {
      accessType: "client",
      accessToken: a.accessToken,
    });
    const { items } = (await own.json()) as { items: { id: string; last_used_at: number }[] };
    expect(items.find((item) => item.id === a.sessionId)?.last_used_at).toBe(now + 1_000);
  });
});
