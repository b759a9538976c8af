/**
 * `/data-vault/stores/{id}/set|get` (contract §3.5): round trip, replace, unknown store and key,
 * validation, access types, and that the stored row is sealed (not the client's value) and bound to
 * its row.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataVaultEntries } from "../../db/schema";
import { openValue, sealValue } from "../../services/data-vault/data-vault";
import { expectKnownError, expectTextError } from "../../testing/expect-known-error";
import { createTestAuthApi, type TestAuthApi, type TestUser } from "../../testing/test-auth-api";

const secret = "test-data-vault-secret";
let t: TestAuthApi;
let projectId: string;
let otherProjectId: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestAuthApi({ env: { STACK_DATA_VAULT_SECRET: secret } });
  const config = { dataVault: { stores: { secrets: { displayName: "Secrets" }, other: {} } } };
  projectId = (await t.createProject({ config })).id;
  otherProjectId = (await t.createProject({ config })).id;
  user = await t.signUpUser(projectId);
});
afterAll(() => t.close());

const asServer = (project = projectId) => ({ accessType: "server" as const, projectId: project });

function set(store: string, body: unknown, options: object = asServer()) {
  return t.request(`/data-vault/stores/${store}/set`, { method: "POST", body, ...options });
}
function get(store: string, body: unknown, options: object = asServer()) {
  return t.request(`/data-vault/stores/${store}/get`, { method: "POST", body, ...options });
}

describe("data vault", () => {
  it("stores, returns and replaces a value per store and project", async () => {
    const response = await set("secrets", { hashed_key: "k1", encrypted_value: "v1" });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await (await get("secrets", { hashed_key: "k1" })).json()).toEqual({
      encrypted_value: "v1",
    });
    await set("secrets", { hashed_key: "k1", encrypted_value: "v2" });
    expect(await (await get("secrets", { hashed_key: "k1" })).json()).toEqual({
      encrypted_value: "v2",
    });
    // The same hashed key in another store or project is another entry.
    await expectKnownError(
      await get("other", { hashed_key: "k1" }),
      "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST",
      400,
    );
    await expectKnownError(
      await get("secrets", { hashed_key: "k1" }, asServer(otherProjectId)),
      "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST",
      400,
    );
    // Admin access may use the vault too; an empty value is a value.
    const admin = { accessType: "admin" as const, projectId };
    await set("other", { hashed_key: "k-empty", encrypted_value: "" }, admin);
    expect(await (await get("other", { hashed_key: "k-empty" }, admin)).json()).toEqual({
      encrypted_value: "",
    });
  });

  it("keeps only a sealed value in the database, bound to its row", async () => {
    await set("secrets", { hashed_key: "sealed-key", encrypted_value: "client-ciphertext" });
    const [row] = await t.db
      .select()
      .from(dataVaultEntries)
      .where(
        and(
          eq(dataVaultEntries.projectId, projectId),
          eq(dataVaultEntries.hashedKey, "sealed-key"),
        ),
      );
    expect(row?.sealedValue).toBeDefined();
    expect(row?.sealedValue).not.toContain("client-ciphertext");
    expect(Buffer.from(row?.sealedValue ?? "", "base64").toString("utf8")).not.toContain(
      "client-ciphertext",
    );
    const address = { projectId, storeId: "secrets", hashedKey: "sealed-key" };
    expect(openValue(secret, address, row?.sealedValue ?? "")).toBe("client-ciphertext");
    expect(() => openValue("another-secret", address, row?.sealedValue ?? "")).toThrow();
    expect(() =>
      openValue(secret, { ...address, hashedKey: "other-key" }, row?.sealedValue ?? ""),
    ).toThrow();
    // Two seals of one value differ (fresh salt and nonce).
    expect(sealValue(secret, address, "x")).not.toBe(sealValue(secret, address, "x"));
  });

  it("answers DATA_VAULT_STORE_DOES_NOT_EXIST for a store missing from the config", async () => {
    const body = await expectKnownError(
      await set("nope", { hashed_key: "k", encrypted_value: "v" }),
      "DATA_VAULT_STORE_DOES_NOT_EXIST",
      400,
    );
    expect(body.details).toEqual({ store_id: "nope" });
    await expectKnownError(
      await get("nope", { hashed_key: "k" }),
      "DATA_VAULT_STORE_DOES_NOT_EXIST",
      400,
    );
    const rows = await t.db
      .select()
      .from(dataVaultEntries)
      .where(eq(dataVaultEntries.storeId, "nope"));
    expect(rows).toEqual([]);
  });

  it("accepts a store as soon as the admin adds it to the config", async () => {
    await expectKnownError(
      await set("added-later", { hashed_key: "k", encrypted_value: "v" }),
      "DATA_VAULT_STORE_DOES_NOT_EXIST",
      400,
    );
    const patched = await t.request("/internal/config/override/environment", {
      accessType: "admin",
      projectId,
      method: "PATCH",
      body: {
        config_override_string: JSON.stringify({
          "dataVault.stores.added-later": { displayName: "Added later" },
        }),
      },
    });
    expect(patched.status).toBe(200);
    await set("added-later", { hashed_key: "k", encrypted_value: "v" });
    expect(await (await get("added-later", { hashed_key: "k" })).json()).toEqual({
      encrypted_value: "v",
    });
  });

  it("answers DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST with the key", async () => {
    const body = await expectKnownError(
      await get("secrets", { hashed_key: "missing" }),
      "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST",
      400,
    );
    expect(body.details).toEqual({ store_id: "secrets", hashed_key: "missing" });
  });

  it("validates bodies", async () => {
    const empty = await expectKnownError(
      await set("secrets", { hashed_key: "", encrypted_value: "v" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(empty.error).toContain("body.hashed_key");
    const missing = await expectKnownError(
      await set("secrets", { hashed_key: "k" }),
      "SCHEMA_ERROR",
      400,
    );
    expect(missing.error).toContain("body.encrypted_value");
    await expectKnownError(await get("secrets", {}), "SCHEMA_ERROR", 400);
    await expectKnownError(
      await get("secrets", { hashed_key: "k", extra: 1 }),
      "SCHEMA_ERROR",
      400,
    );
  });

  it("refuses client access and anonymous requests", async () => {
    const client = { accessType: "client" as const, projectId, accessToken: user.accessToken };
    await expectKnownError(
      await set("secrets", { hashed_key: "c", encrypted_value: "v" }, client),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await get("secrets", { hashed_key: "k1" }, client),
      "INSUFFICIENT_ACCESS_TYPE",
      401,
    );
    await expectKnownError(
      await get("secrets", { hashed_key: "k1" }, { projectId }),
      "ACCESS_TYPE_REQUIRED",
      400,
    );
  });
});

describe("data vault without a secret", () => {
  it("answers 500 in production rather than sealing with a guessable key", async () => {
    const production = await createTestAuthApi({ isDevelopment: false });
    try {
      const id = (await production.createProject({ config: { dataVault: { stores: { s: {} } } } }))
        .id;
      const response = await production.request("/data-vault/stores/s/set", {
        method: "POST",
        accessType: "server",
        projectId: id,
        body: { hashed_key: "k", encrypted_value: "v" },
      });
      await expectTextError(
        response,
        500,
        "The data vault needs STACK_DATA_VAULT_SECRET to be set.",
      );
      expect(await production.db.select().from(dataVaultEntries)).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
