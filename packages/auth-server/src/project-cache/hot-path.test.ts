/**
 * The hot calls' database round trips (issue 15): with projects and keys in memory, `/users/me`
 * (client and server access) costs one query, none once its user is in memory too (decision 021),
 * `/projects/current` none, and a token refresh (either endpoint) one. Each call is made once first so that the project is in memory, as it is
 * for every request but a process's first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries, type QueryCounter } from "../testing/query-counter";
import {
  createTestAuthApi,
  type TestAuthApi,
  type TestRequestOptions,
  type TestUser,
} from "../testing/test-auth-api";

let t: TestAuthApi;
let user: TestUser;
let queries: QueryCounter;

beforeAll(async () => {
  t = await createTestAuthApi();
  user = await t.signUpUser();
  queries = countQueries(t.connection);
});
afterAll(async () => {
  queries?.stop();
  await t?.close();
});

/** The statements one call sends once its project is in memory (the warm-up call's not counted). */
async function statementsOf(path: string, options: TestRequestOptions): Promise<string[]> {
  const warmUp = await t.request(path, options);
  expect(warmUp.status, await warmUp.text()).toBe(200);
  queries.reset();
  const response = await t.request(path, options);
  expect(response.status, await response.text()).toBe(200);
  return [...queries.statements];
}

describe("database round trips of the hot calls", () => {
  it("GET /users/me with client access: the user, in one query, then none while it is unchanged", async () => {
    const me = { accessType: "client" as const, accessToken: user.accessToken };
    // A write (the sign-up) empties the project's users in this process; the first read loads.
    await t.api.users.catchUp();
    const statements = await statementsOf("/users/me", me);
    expect(statements).toEqual([]);
    t.api.users.forgetAll();
    queries.reset();
    expect((await t.request("/users/me", me)).status).toBe(200);
    expect(queries.statements).toHaveLength(1);
    expect(queries.statements[0]).toContain('from "auth"."users"');
  });

  it("GET /users/me with server access: none for a user in memory", async () => {
    const statements = await statementsOf("/users/me", {
      accessType: "server",
      accessToken: user.accessToken,
    });
    expect(statements).toEqual([]);
  });

  it("GET /projects/current: none", async () => {
    expect(await statementsOf("/projects/current", { accessType: "client" })).toEqual([]);
  });

  it("POST /auth/oauth/token (refresh grant): the session in one query, its user from memory, no write", async () => {
    expect(
      (await t.request("/users/me", { accessType: "client", accessToken: user.accessToken }))
        .status,
    ).toBe(200);
    const statements = await statementsOf("/auth/oauth/token", {
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: user.refreshToken,
        client_id: "internal",
        client_secret: t.internalProject.keys.publishableClientKey,
      }),
    });
    expect(statements).toHaveLength(1);
  });

  it("a refresh still records activity on the user and the session", async () => {
    t.clock.advance(60_000);
    const refreshed = await t.request("/auth/sessions/current/refresh", {
      accessType: "client",
      method: "POST",
      refreshToken: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const now = t.clock().getTime();
    const server = await t.request(`/users/${user.userId}`, { accessType: "server" });
    expect(await server.json()).toMatchObject({ last_active_at_millis: now });
    const sessions = await t.request(`/auth/sessions?user_id=${user.userId}`, {
      accessType: "server",
    });
    const { items } = (await sessions.json()) as { items: { last_used_at: number }[] };
    expect(items.map((session) => session.last_used_at)).toContain(now);
  });

  it("POST /auth/sessions/current/refresh: one query", async () => {
    expect(
      (await t.request("/users/me", { accessType: "client", accessToken: user.accessToken }))
        .status,
    ).toBe(200);
    const statements = await statementsOf("/auth/sessions/current/refresh", {
      accessType: "client",
      method: "POST",
      refreshToken: user.refreshToken,
    });
    expect(statements).toHaveLength(1);
  });
});
