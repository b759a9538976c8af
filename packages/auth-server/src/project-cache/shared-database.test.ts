/**
 * Two auth API instances on one database, as two processes behind a load balancer are, each
 * keeping projects and keys in memory (issue 15): a key revocation, a config change and an
 * operator's SQL take effect on the other as soon as the database's announcement reaches it (the
 * tests wait for that with `catchUp()`: on PostgreSQL it travels over the other instance's own
 * connection and may arrive a moment after the write's answer); a user's deletion and a session's
 * revocation, which no process keeps in memory, on the very next request. On PostgreSQL each instance has its own connections
 * (its own LISTEN), as a process has; PGlite is one process's database, so there they share it.
 * Requests go over loopback HTTP, as they do between processes.
 */
import type { AddressInfo } from "node:net";
import type { DatabaseConnection } from "@heritage/db";
import { connectAgain, createTestDatabase } from "@heritage/db/testing";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, testInternalKeys } from "../testing/test-auth-api";

interface Instance {
  harness: TestAuthApi;
  call(
    path: string,
    init?: { headers?: Record<string, string>; method?: string; body?: unknown },
  ): Promise<Response>;
  close(): Promise<void>;
}

async function startInstance(connection: DatabaseConnection): Promise<Instance> {
  const harness = await createTestAuthApi({ connection });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: harness.app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(listening),
    );
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  return {
    harness,
    call: (path, init = {}) =>
      fetch(`${base}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: { "content-type": "application/json", ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await harness.close();
    },
  };
}

const access = (type: "client" | "server" | "admin", projectId: string, key: string) => ({
  "x-stack-access-type": type,
  "x-stack-project-id": projectId,
  [`x-stack-${
    {
      client: "publishable-client-key",
      server: "secret-server-key",
      admin: "super-secret-admin-key",
    }[type]
  }`]: key,
});

describe("two instances sharing a database", () => {
  let first: DatabaseConnection;
  let second: DatabaseConnection;
  let a: Instance;
  let b: Instance;
  let projectId: string;
  let keys: { publishableClientKey: string; secretServerKey: string; superSecretAdminKey: string };

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await connectAgain(first, 3);
    a = await startInstance(first);
    b = await startInstance(second);
    ({ id: projectId, keys } = await a.harness.createProject({
      config: { users: { allowClientUserDeletion: true } },
    }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (second !== first) await second?.close();
    await first?.close();
  });

  const admin = () => access("admin", projectId, keys.superSecretAdminKey);
  const server = (key = keys.secretServerKey) => access("server", projectId, key);
  const client = () => access("client", projectId, keys.publishableClientKey);

  /** Until every change committed so far has been announced to both instances. */
  const announced = () =>
    Promise.all([a.harness.api.projects.catchUp(), b.harness.api.projects.catchUp()]);

  it("a key set revoked through one is refused by the other once announced", async () => {
    const created = await a.call("/internal/api-keys", {
      headers: admin(),
      body: {
        description: "to revoke",
        expires_at_millis: a.harness.clock().getTime() + 3_600_000,
        has_publishable_client_key: false,
        has_secret_server_key: true,
        has_super_secret_admin_key: false,
      },
    });
    expect(created.status).toBe(200);
    const { id, secret_server_key: secret } = (await created.json()) as {
      id: string;
      secret_server_key: string;
    };
    expect((await b.call("/projects/current", { headers: server(secret) })).status).toBe(200);
    expect((await a.call("/projects/current", { headers: server(secret) })).status).toBe(200);

    const revoked = await a.call(`/internal/api-keys/${id}`, {
      headers: admin(),
      method: "PATCH",
      body: { revoked: true },
    });
    expect(revoked.status).toBe(200);
    await announced();
    await expectKnownError(
      await b.call("/projects/current", { headers: server(secret) }),
      "INVALID_SECRET_SERVER_KEY",
      401,
    );
    await expectKnownError(
      await a.call("/projects/current", { headers: server(secret) }),
      "INVALID_SECRET_SERVER_KEY",
      401,
    );
  });

  it("a key revoked by an operator's SQL is refused by both once announced", async () => {
    expect((await a.call("/projects/current", { headers: server() })).status).toBe(200);
    expect((await b.call("/projects/current", { headers: server() })).status).toBe(200);
    await first.db.execute(
      sql`update auth.project_api_keys set revoked_at = now() where project_id = ${projectId} and secret_server_key_hash is not null`,
    );
    await announced();
    for (const instance of [b, a]) {
      await expectKnownError(
        await instance.call("/projects/current", { headers: server() }),
        "INVALID_SECRET_SERVER_KEY",
        401,
      );
    }
    // Back for the other tests, by SQL again.
    await first.db.execute(
      sql`update auth.project_api_keys set revoked_at = null where project_id = ${projectId}`,
    );
    await announced();
    expect((await b.call("/projects/current", { headers: server() })).status).toBe(200);
  });

  it("a config change made through one is what the other serves once announced", async () => {
    const before = await b.call("/projects/current", { headers: client() });
    expect(await before.json()).toMatchObject({ config: { sign_up_enabled: true } });
    const changed = await a.call("/internal/projects/current", {
      headers: admin(),
      method: "PATCH",
      body: { display_name: "Renamed", config: { sign_up_enabled: false } },
    });
    expect(changed.status).toBe(200);
    await announced();
    const after = await b.call("/projects/current", { headers: client() });
    expect(await after.json()).toMatchObject({
      display_name: "Renamed",
      config: { sign_up_enabled: false },
    });
  });

  it("a user deleted through one has no user on the other; a revoked session no refresh", async () => {
    const user = await a.harness.signUpUser(projectId);
    const me = { ...client(), "x-stack-access-token": user.accessToken };
    expect((await b.call("/users/me", { headers: me })).status).toBe(200);

    // The session, revoked through the first: the second refuses its refresh token.
    const refresh = { ...client(), "x-stack-refresh-token": user.refreshToken };
    expect(
      (await b.call("/auth/sessions/current/refresh", { headers: refresh, method: "POST" })).status,
    ).toBe(200);
    const revoked = await a.call("/auth/sessions/current", {
      headers: me,
      method: "DELETE",
    });
    expect(revoked.status).toBe(200);
    await expectKnownError(
      await b.call("/auth/sessions/current/refresh", { headers: refresh, method: "POST" }),
      "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      401,
    );

    const deleted = await a.call(`/users/${user.userId}`, { headers: server(), method: "DELETE" });
    expect(deleted.status).toBe(200);
    await expectKnownError(
      await b.call("/users/me", { headers: me }),
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
      400,
    );
  });

  it("the internal project's seeded keys keep working on both", async () => {
    const headers = access("client", "internal", testInternalKeys.publishableClientKey);
    expect((await a.call("/projects/current", { headers })).status).toBe(200);
    expect((await b.call("/projects/current", { headers })).status).toBe(200);
  });
});
