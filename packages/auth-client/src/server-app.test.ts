import { describe, expect, it } from "vitest";
import { createServerApp } from "./server-app";
import {
  createFakeFetch,
  createTestRuntime,
  type FakeHandler,
  jsonResponse,
  makeServerUser,
  projectId,
  userId,
} from "./testing/fake-server";

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  const app = createServerApp({
    projectId,
    secretServerKey: "ssk_test",
    baseUrl: "http://auth.test",
    ...createTestRuntime(fake.fetch).runtime,
  });
  return { app, calls: fake.calls };
}

describe("server user management", () => {
  it("lists users with every paging option and returns the next cursor", async () => {
    const { app, calls } = setup(() =>
      jsonResponse({
        items: [makeServerUser()],
        is_paginated: true,
        pagination: { next_cursor: "c2" },
      }),
    );
    const page = await app.listUsers({
      cursor: "c1",
      limit: 10,
      orderBy: "lastActiveAt",
      desc: true,
      query: "ana",
      includeAnonymous: true,
      teamId: "t1",
    });
    expect(page.nextCursor).toBe("c2");
    expect(page.items[0]?.riskScores).toEqual({ signUp: { bot: 0, freeTrialAbuse: 0 } });
    const url = new URL(calls[0]?.url ?? "");
    expect(url.pathname).toBe("/api/v1/users");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cursor: "c1",
      limit: "10",
      order_by: "last_active_at",
      desc: "true",
      query: "ana",
      include_anonymous: "true",
      team_id: "t1",
    });
  });

  it("sends no query for a plain list and reads an unpaginated envelope", async () => {
    const { app, calls } = setup(() => jsonResponse({ items: [], is_paginated: false }));
    expect(await app.listUsers()).toEqual({ items: [], nextCursor: null });
    expect(calls[0]?.url).toBe("http://auth.test/api/v1/users");
  });

  it("creates, updates and deletes users with snake_case bodies", async () => {
    const { app, calls } = setup((call) =>
      call.method === "DELETE" ? jsonResponse({ success: true }) : jsonResponse(makeServerUser()),
    );
    await app.createUser({
      primaryEmail: "ana@example.org",
      primaryEmailVerified: true,
      password: "pw",
    });
    await app.updateUserById(userId, { serverMetadata: { role: "admin" }, displayName: null });
    await app.deleteUserById(userId);
    expect(calls.map((c) => [c.method, new URL(c.url).pathname, c.body])).toEqual([
      [
        "POST",
        "/api/v1/users",
        JSON.stringify({
          primary_email: "ana@example.org",
          primary_email_verified: true,
          password: "pw",
        }),
      ],
      [
        "PATCH",
        `/api/v1/users/${userId}`,
        JSON.stringify({ server_metadata: { role: "admin" }, display_name: null }),
      ],
      ["DELETE", `/api/v1/users/${userId}`, "{}"],
    ]);
  });
});
