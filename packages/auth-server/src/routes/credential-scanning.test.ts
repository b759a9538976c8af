/**
 * `POST /integrations/credential-scanning/revoke`: a leaked secret key is revoked (once), a public key
 * cannot be revoked (PUBLIC_API_KEY_CANNOT_BE_REVOKED), unknown and expired keys are reported.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerApiKeys } from "../db/schema";
import { expectKnownError } from "../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../testing/test-auth-api";

let t: TestAuthApi;
let projectId: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject({ config: { apiKeys: { enabled: { user: true } } } })).id;
  user = await t.signUpUser(projectId);
});
afterAll(() => t.close());

async function createKey(
  body: Record<string, unknown> = {},
): Promise<{ id: string; value: string }> {
  const response = await t.request("/user-api-keys", {
    accessType: "client",
    projectId,
    accessToken: user.accessToken,
    body: { user_id: "me", description: "leaky", expires_at_millis: null, ...body },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; value: string };
}

// The scanner calls without any project headers.
const revoke = (apiKey: unknown) =>
  t.request("/integrations/credential-scanning/revoke", { body: { api_key: apiKey } });

async function revokedAt(id: string): Promise<Date | null> {
  const [row] = await t.db.select().from(customerApiKeys).where(eq(customerApiKeys.id, id));
  return row?.revokedAt ?? null;
}

describe("credential-scanning revoke", () => {
  it("revokes a secret key once; the check then answers API_KEY_REVOKED", async () => {
    const key = await createKey();
    const response = await revoke(key.value);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { success: true },
    });
    const first = await revokedAt(key.id);
    expect(first).toEqual(t.clock());
    t.clock.advance(1000);
    expect((await revoke(key.value)).status).toBe(200);
    expect(await revokedAt(key.id)).toEqual(first);
    const checked = await t.request("/user-api-keys/check", {
      accessType: "server",
      projectId,
      body: { api_key: key.value },
    });
    await expectKnownError(checked, "API_KEY_REVOKED", 401);
  });

  it("refuses public keys and leaves them valid", async () => {
    const key = await createKey({ is_public: true });
    await expectKnownError(await revoke(key.value), "PUBLIC_API_KEY_CANNOT_BE_REVOKED", 400);
    expect(await revokedAt(key.id)).toBeNull();
  });

  it("reports unknown and expired keys and rejects a body without api_key", async () => {
    await expectKnownError(await revoke("sk_unknown"), "API_KEY_NOT_FOUND", 404);
    const key = await createKey({ expires_at_millis: t.clock().getTime() + 1000 });
    t.clock.advance(1000);
    await expectKnownError(await revoke(key.value), "API_KEY_EXPIRED", 401);
    expect(await revokedAt(key.id)).toBeNull();
    await expectKnownError(
      await t.request("/integrations/credential-scanning/revoke", { body: {} }),
      "SCHEMA_ERROR",
      400,
    );
  });
});
