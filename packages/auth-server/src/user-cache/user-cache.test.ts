/**
 * The user cache (issue 15): a loaded user is answered from memory until the database announces a
 * change to it, whoever wrote it (the triggers of migration 0026), and never across projects;
 * nothing is kept without the subscription or while it is lost; this process's own writes through
 * the API are seen by its very next request.
 */
import type { ListenInterruptions } from "@heritage/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactChannels, users } from "../db/schema";
import { countQueries } from "../testing/query-counter";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../testing/test-auth-api";
import { createUserCache, type UserCache } from "./user-cache";

let t: TestAuthApi;
let cache: UserCache;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  cache = createUserCache({ db: t.db, notifications: t.connection });
  user = await t.signUpUser("internal", { email: "kept@example.com" });
  await cache.catchUp();
});
afterAll(async () => {
  await cache?.close();
  await t?.close();
});

/** Reads through the cache and counts the queries it sent. */
async function queriesOf(read: () => Promise<unknown>): Promise<number> {
  const queries = countQueries(t.connection);
  try {
    await read();
    return queries.count;
  } finally {
    queries.stop();
  }
}

describe("user cache", () => {
  it("answers a loaded user from memory, frozen, and only in its own project", async () => {
    const first = await cache.findUser("internal", user.userId);
    expect(first?.primaryEmail?.value).toBe("kept@example.com");
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBe(0);
    expect(() => {
      (first?.row as { displayName: string | null }).displayName = "Changed";
    }).toThrow(TypeError);
    expect(await cache.findUser("another-project", user.userId)).toBeNull();
  });

  it("forgets a user when the database announces a change written past the API", async () => {
    await cache.findUser("internal", user.userId);
    await t.db
      .update(users)
      .set({ displayName: "Renamed by SQL" })
      .where(eq(users.id, user.userId));
    await cache.catchUp();
    expect((await cache.findUser("internal", user.userId))?.row.displayName).toBe("Renamed by SQL");
    // Contact channels are announced too: the primary e-mail is read again.
    await t.db
      .update(contactChannels)
      .set({ isVerified: true })
      .where(eq(contactChannels.userId, user.userId));
    await cache.catchUp();
    expect((await cache.findUser("internal", user.userId))?.primaryEmail?.isVerified).toBe(true);
  });

  it("forgets the project's users when a team changes, and everyone on TRUNCATE-like '*'", async () => {
    await cache.findUser("internal", user.userId);
    await t.connection.notify("auth_user_changed", "project:internal");
    await cache.catchUp();
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBeGreaterThan(0);
    await t.connection.notify("auth_user_changed", "*");
    await cache.catchUp();
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBeGreaterThan(0);
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBe(0);
  });

  it("forgetting a project outdates only that project's users", async () => {
    await cache.findUser("internal", user.userId);
    cache.forgetProject("another-project");
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBe(0);
    cache.forgetProject("internal");
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBeGreaterThan(0);
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBe(0);
    cache.forgetUser(user.userId);
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBeGreaterThan(0);
  });

  it("does not keep a load that overlapped an announcement about its user", async () => {
    await t.connection.notify("auth_user_changed", user.userId);
    await cache.catchUp();
    // The announcement arrives while the load is under way: that load answers, but is not kept.
    const loading = cache.findUser("internal", user.userId);
    cache.forgetProject("internal");
    await loading;
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBeGreaterThan(0);
    expect(await queriesOf(() => cache.findUser("internal", user.userId))).toBe(0);
  });

  it("does not remember a user that does not exist", async () => {
    const id = "00000000-0000-4000-8000-00000000abcd";
    expect(await cache.findUser("internal", id)).toBeNull();
    expect(await queriesOf(() => cache.findUser("internal", id))).toBeGreaterThan(0);
  });

  it("reads the database while the listening connection is lost, and forgets all once back", async () => {
    let interruptions: ListenInterruptions | undefined;
    const watched = createUserCache({
      db: t.db,
      notifications: {
        listen: async (_channel, _handler, given) => {
          interruptions = given;
          return async () => {};
        },
        notify: async () => {},
      },
    });
    // Until the (stand-in) subscription is in place, nothing is kept.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await watched.findUser("internal", user.userId);
      expect(await queriesOf(() => watched.findUser("internal", user.userId))).toBe(0);
      interruptions?.onInterrupted?.(new Error("Connection terminated unexpectedly"));
      expect(watched.isListening).toBe(false);
      expect(await queriesOf(() => watched.findUser("internal", user.userId))).toBeGreaterThan(0);
      expect(await queriesOf(() => watched.findUser("internal", user.userId))).toBeGreaterThan(0);
      interruptions?.onResumed?.();
      expect(await queriesOf(() => watched.findUser("internal", user.userId))).toBeGreaterThan(0);
      expect(await queriesOf(() => watched.findUser("internal", user.userId))).toBe(0);
    } finally {
      await watched.close();
    }
  });

  it("without notifications keeps nothing", async () => {
    const uncached = createUserCache({ db: t.db });
    try {
      await uncached.findUser("internal", user.userId);
      expect(await queriesOf(() => uncached.findUser("internal", user.userId))).toBeGreaterThan(0);
    } finally {
      await uncached.close();
    }
  });
});

describe("the API's own writes", () => {
  it("a user's change through the API is in that user's very next read, without waiting", async () => {
    const me = { accessType: "client" as const, accessToken: user.accessToken };
    expect((await t.request("/users/me", me)).status).toBe(200);
    const updated = await t.request("/users/me", {
      ...me,
      method: "PATCH",
      body: { display_name: "Renamed through the API" },
    });
    expect(updated.status).toBe(200);
    const read = (await (await t.request("/users/me", me)).json()) as { display_name: string };
    expect(read.display_name).toBe("Renamed through the API");
  });

  it("a server's change to another user is in that user's very next read", async () => {
    const other = await t.signUpUser("internal", { email: "other@example.com" });
    const me = { accessType: "client" as const, accessToken: other.accessToken };
    expect((await t.request("/users/me", me)).status).toBe(200);
    const updated = await t.request(`/users/${other.userId}`, {
      accessType: "server",
      method: "PATCH",
      body: { display_name: "Renamed by the server" },
    });
    expect(updated.status).toBe(200);
    const read = (await (await t.request("/users/me", me)).json()) as { display_name: string };
    expect(read.display_name).toBe("Renamed by the server");
  });

  it("a token refresh forgets no user; writing its activity forgets only its own", async () => {
    const refreshing = await t.signUpUser("internal", { email: "refreshing@example.com" });
    const bystander = await t.signUpUser("internal", { email: "bystander@example.com" });
    const asBystander = { accessType: "client" as const, accessToken: bystander.accessToken };
    const asRefreshing = { accessType: "client" as const, accessToken: refreshing.accessToken };
    await t.api.users.catchUp();
    expect((await t.request("/users/me", asBystander)).status).toBe(200);
    expect((await t.request("/users/me", asRefreshing)).status).toBe(200);
    const refreshes = [
      () =>
        t.request("/auth/oauth/token", {
          body: new URLSearchParams({
            grant_type: "refresh_token",
            refresh_token: refreshing.refreshToken,
            client_id: "internal",
            client_secret: t.internalProject.keys.publishableClientKey,
          }),
        }),
      () =>
        t.request("/auth/sessions/current/refresh", {
          accessType: "client",
          refreshToken: refreshing.refreshToken,
          method: "POST",
        }),
    ];
    for (const refresh of refreshes) {
      expect((await refresh()).status).toBe(200);
      // The refresh itself writes nothing (its activity waits for the batch, session-activity.ts).
      expect(await queriesOf(() => t.request("/users/me", asRefreshing))).toBe(0);
      await t.api.sessionActivity.flush();
      expect(await queriesOf(() => t.request("/users/me", asBystander))).toBe(0);
      // The refreshed user's new activity time is read again.
      expect(await queriesOf(() => t.request("/users/me", asRefreshing))).toBeGreaterThan(0);
    }
  });

  it("a deleted user has no user on the next request", async () => {
    const gone = await t.signUpUser("internal", { email: "gone@example.com" });
    const me = { accessType: "client" as const, accessToken: gone.accessToken };
    expect((await t.request("/users/me", me)).status).toBe(200);
    await t.db.execute(sql`delete from auth.users where id = ${gone.userId}`);
    await t.api.users.catchUp();
    expect((await t.request("/users/me", me)).status).not.toBe(200);
  });
});
