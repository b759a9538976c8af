/**
 * `/internal/api-keys` (contract §3.3): the admin creates key sets with any of the three keys, lists
 * and reads them with only the last four characters, renames and revokes them; a revoked or expired
 * key stops working with the next request; only admins get in.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectApiKeys } from "../../db/schema";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;

interface FirstView {
  id: string;
  description: string;
  created_at_millis: number;
  expires_at_millis?: number;
  manually_revoked_at_millis?: number;
  publishable_client_key?: string;
  secret_server_key?: string;
  super_secret_admin_key?: string;
}

const hour = 3_600_000;
const asAdmin = () => ({ accessType: "admin" as const, projectId });

async function createKeySet(body: Record<string, unknown>): Promise<FirstView> {
  const response = await t.request("/internal/api-keys", { ...asAdmin(), body });
  expect(response.status).toBe(200);
  return (await response.json()) as FirstView;
}

const allKeys = {
  has_publishable_client_key: true,
  has_secret_server_key: true,
  has_super_secret_admin_key: true,
};

/** A request that needs exactly this key to pass authentication. */
function useKey(kind: "client" | "server" | "admin", key: string) {
  const keys =
    kind === "client"
      ? { publishableClientKey: key }
      : kind === "server"
        ? { secretServerKey: key }
        : { superSecretAdminKey: key };
  return t.request("/projects/current", { accessType: kind, projectId, keys });
}

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject()).id;
});
afterAll(() => t.close());

describe("POST /internal/api-keys", () => {
  it("creates the requested keys, shown once, that work right away", async () => {
    const expiresAt = t.clock().getTime() + 24 * hour;
    const created = await createKeySet({
      description: "CI deploy",
      expires_at_millis: expiresAt,
      ...allKeys,
    });
    expect(created).toMatchObject({
      description: "CI deploy",
      expires_at_millis: expiresAt,
      created_at_millis: t.clock().getTime(),
    });
    expect(created.publishable_client_key).toMatch(/^pck_[a-z0-9]{45}$/);
    expect(created.secret_server_key).toMatch(/^ssk_[a-z0-9]{45}$/);
    expect(created.super_secret_admin_key).toMatch(/^sak_[a-z0-9]{45}$/);
    expect(created.manually_revoked_at_millis).toBeUndefined();
    expect((await useKey("client", created.publishable_client_key ?? "")).status).toBe(200);
    expect((await useKey("server", created.secret_server_key ?? "")).status).toBe(200);
    expect((await useKey("admin", created.super_secret_admin_key ?? "")).status).toBe(200);

    // Only hashes are stored.
    const [row] = await t.db.select().from(projectApiKeys).where(eq(projectApiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret_server_key);
  });

  it("holds only the keys asked for", async () => {
    const created = await createKeySet({
      description: "server only",
      expires_at_millis: t.clock().getTime() + hour,
      has_publishable_client_key: false,
      has_secret_server_key: true,
      has_super_secret_admin_key: false,
    });
    expect(Object.keys(created).sort()).toEqual([
      "created_at_millis",
      "description",
      "expires_at_millis",
      "id",
      "secret_server_key",
    ]);
  });

  it("rejects incomplete and empty key sets, storing nothing", async () => {
    const count = async () =>
      (await t.db.select().from(projectApiKeys).where(eq(projectApiKeys.projectId, projectId)))
        .length;
    const before = await count();
    const future = t.clock().getTime() + hour;
    await expectKnownError(
      await t.request("/internal/api-keys", {
        ...asAdmin(),
        body: { description: "x", expires_at_millis: future },
      }),
      "SCHEMA_ERROR",
      400,
    );
    await expectTextError(
      await t.request("/internal/api-keys", {
        ...asAdmin(),
        body: {
          description: "x",
          expires_at_millis: future,
          has_publishable_client_key: false,
          has_secret_server_key: false,
          has_super_secret_admin_key: false,
        },
      }),
      400,
      "An API key set must hold at least one key.",
    );
    expect(await count()).toBe(before);
  });

  it("takes a time in the past as the reference does: the set is born expired", async () => {
    const created = await createKeySet({ description: "x", expires_at_millis: 123, ...allKeys });
    expect(created.expires_at_millis).toBe(123);
    await expectKnownError(
      await useKey("server", created.secret_server_key ?? ""),
      "INVALID_SECRET_SERVER_KEY",
      401,
    );
  });
});

describe("GET and PATCH /internal/api-keys", () => {
  it("lists newest first with only the last four characters", async () => {
    t.clock.advance(1000);
    const older = await createKeySet({
      description: "older",
      expires_at_millis: t.clock().getTime() + hour,
      ...allKeys,
    });
    t.clock.advance(1000);
    const newer = await createKeySet({
      description: "newer",
      expires_at_millis: t.clock().getTime() + hour,
      has_publishable_client_key: true,
      has_secret_server_key: false,
      has_super_secret_admin_key: false,
    });
    const response = await t.request("/internal/api-keys", asAdmin());
    const { items } = (await response.json()) as { items: Record<string, unknown>[] };
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((item) => item.id === older.id)).toEqual({
      id: older.id,
      description: "older",
      created_at_millis: older.created_at_millis,
      expires_at_millis: older.expires_at_millis,
      publishable_client_key: { last_four: older.publishable_client_key?.slice(-4) },
      secret_server_key: { last_four: older.secret_server_key?.slice(-4) },
      super_secret_admin_key: { last_four: older.super_secret_admin_key?.slice(-4) },
    });
    expect(JSON.stringify(items)).not.toContain(older.secret_server_key);

    const one = await t.request(`/internal/api-keys/${newer.id}`, asAdmin());
    expect(await one.json()).toEqual({
      id: newer.id,
      description: "newer",
      created_at_millis: newer.created_at_millis,
      expires_at_millis: newer.expires_at_millis,
      publishable_client_key: { last_four: newer.publishable_client_key?.slice(-4) },
    });
  });

  it("revokes a key set: it stops working at once, and stays revoked", async () => {
    const created = await createKeySet({
      description: "to revoke",
      expires_at_millis: t.clock().getTime() + hour,
      ...allKeys,
    });
    const secret = created.secret_server_key ?? "";
    expect((await useKey("server", secret)).status).toBe(200);

    t.clock.advance(1000);
    const revokedAt = t.clock().getTime();
    const revoke = await t.request(`/internal/api-keys/${created.id}`, {
      ...asAdmin(),
      method: "PATCH",
      body: { revoked: true, description: "revoked" },
    });
    expect(await revoke.json()).toMatchObject({
      description: "revoked",
      manually_revoked_at_millis: revokedAt,
    });
    await expectKnownError(await useKey("server", secret), "INVALID_SECRET_SERVER_KEY", 401);
    await expectKnownError(
      await useKey("client", created.publishable_client_key ?? ""),
      "INVALID_PUBLISHABLE_CLIENT_KEY",
      401,
    );
    await expectKnownError(
      await useKey("admin", created.super_secret_admin_key ?? ""),
      "INVALID_SUPER_SECRET_ADMIN_KEY",
      401,
    );

    // Revoking again keeps the first time; `revoked: false` does not exist.
    t.clock.advance(1000);
    const again = await t.request(`/internal/api-keys/${created.id}`, {
      ...asAdmin(),
      method: "PATCH",
      body: { revoked: true },
    });
    expect(((await again.json()) as FirstView).manually_revoked_at_millis).toBe(revokedAt);
    await expectKnownError(
      await t.request(`/internal/api-keys/${created.id}`, {
        ...asAdmin(),
        method: "PATCH",
        body: { revoked: false },
      }),
      "SCHEMA_ERROR",
      400,
    );
    await expectKnownError(await useKey("server", secret), "INVALID_SECRET_SERVER_KEY", 401);
  });

  it("an expired key stops working when its time is up", async () => {
    const created = await createKeySet({
      description: "short",
      expires_at_millis: t.clock().getTime() + 60_000,
      ...allKeys,
    });
    const secret = created.secret_server_key ?? "";
    t.clock.advance(59_000);
    expect((await useKey("server", secret)).status).toBe(200);
    t.clock.advance(1_000);
    await expectKnownError(await useKey("server", secret), "INVALID_SECRET_SERVER_KEY", 401);
  });

  it("answers API_KEY_NOT_FOUND for unknown ids, malformed ids and other projects' key sets", async () => {
    const other = await t.createProject();
    const otherKeys = await t.request("/internal/api-keys", {
      accessType: "admin",
      projectId: other.id,
    });
    const otherId = ((await otherKeys.json()) as { items: { id: string }[] }).items[0]?.id;
    expect(otherId).toBeDefined();
    for (const id of [crypto.randomUUID(), "not-a-uuid", otherId]) {
      await expectKnownError(
        await t.request(`/internal/api-keys/${id}`, asAdmin()),
        "API_KEY_NOT_FOUND",
        404,
      );
      await expectKnownError(
        await t.request(`/internal/api-keys/${id}`, {
          ...asAdmin(),
          method: "PATCH",
          body: { revoked: true },
        }),
        "API_KEY_NOT_FOUND",
        404,
      );
    }
    // The other project's keys still work.
    const check = await t.request("/projects/current", {
      accessType: "server",
      projectId: other.id,
    });
    expect(check.status).toBe(200);
  });
});

describe("access", () => {
  it("refuses client and server keys with INSUFFICIENT_ACCESS_TYPE", async () => {
    for (const accessType of ["client", "server"] as const) {
      for (const [method, path, body] of [
        ["GET", "/internal/api-keys", undefined],
        ["POST", "/internal/api-keys", { description: "x", expires_at_millis: 1, ...allKeys }],
        ["GET", `/internal/api-keys/${crypto.randomUUID()}`, undefined],
        ["PATCH", `/internal/api-keys/${crypto.randomUUID()}`, { revoked: true }],
      ] as const) {
        await expectKnownError(
          await t.request(path, { accessType, projectId, method, ...(body ? { body } : {}) }),
          "INSUFFICIENT_ACCESS_TYPE",
          401,
        );
      }
    }
  });
});
