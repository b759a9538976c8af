/**
 * Data vault through the client library against the real auth server: the crypto matches the
 * official SDK's helpers both ways (hash, encrypt/decrypt), values round-trip through a store, a
 * missing key reads as null, wrong secrets fail, unknown stores and client apps are refused.
 */
import { isKnownError } from "@heritage/auth-protocol";
import { createTestAuthApi, type TestAuthApi } from "@heritage/auth-server/testing";
import {
  decryptValue as sdkDecryptValue,
  encryptValue as sdkEncryptValue,
  hashKey as sdkHashKey,
} from "@stackframe/stack-shared/dist/helpers/vault/client-side";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApp } from "../admin-app";
import { createClientApp } from "../client-app";
import { createServerApp } from "../server-app";
import { testServerRuntime } from "../testing/test-server-runtime";
import { createMemoryTokenStore } from "../token-stores/memory";
import {
  decryptDataVaultValue,
  encryptDataVaultValue,
  hashDataVaultKey,
} from "./data-vault-crypto";

let api: TestAuthApi;
let project: Awaited<ReturnType<TestAuthApi["createProject"]>>;

beforeAll(async () => {
  api = await createTestAuthApi({ env: { STACK_DATA_VAULT_SECRET: "client-test-vault-secret" } });
  project = await api.createProject({ config: { dataVault: { stores: { tokens: {} } } } });
});
afterAll(async () => {
  await api?.close();
});

const runtimeOptions = () => testServerRuntime(api);

const newServerApp = () =>
  createServerApp({
    projectId: project.id,
    secretServerKey: project.keys.secretServerKey,
    tokenStore: createMemoryTokenStore(),
    ...runtimeOptions(),
  });

describe("data vault crypto", () => {
  it("hashes keys exactly like the official SDK and depends on key and secret", async () => {
    const ours = await hashDataVaultKey("s3cret", "user-1");
    expect(ours).toBe(await sdkHashKey("s3cret", "user-1"));
    expect(Buffer.from(ours, "base64")).toHaveLength(32);
    expect(await hashDataVaultKey("s3cret", "user-2")).not.toBe(ours);
    expect(await hashDataVaultKey("other", "user-1")).not.toBe(ours);
  });

  it("reads what the SDK encrypted and the SDK reads ours", async () => {
    const fromSdk = await sdkEncryptValue("s3cret", "k", "héllo 🌍");
    expect(await decryptDataVaultValue("s3cret", "k", fromSdk)).toBe("héllo 🌍");
    const ours = await encryptDataVaultValue("s3cret", "k", "value");
    expect(await sdkDecryptValue("s3cret", "k", ours)).toBe("value");
    // version 1.0, 16-byte salt, 12-byte nonce, ciphertext of 5 bytes, 16-byte tag
    const bytes = Buffer.from(ours, "base64");
    expect([...bytes.subarray(0, 2)]).toEqual([1, 0]);
    expect(bytes).toHaveLength(2 + 16 + 12 + 5 + 16);
    expect(await encryptDataVaultValue("s3cret", "k", "value")).not.toBe(ours);
  });

  it("rejects a wrong secret, a wrong key and an altered value", async () => {
    const value = await encryptDataVaultValue("s3cret", "k", "value");
    await expect(decryptDataVaultValue("wrong", "k", value)).rejects.toThrow(/decryption failed/);
    await expect(decryptDataVaultValue("s3cret", "k2", value)).rejects.toThrow(/decryption failed/);
    const altered = Buffer.from(value, "base64");
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    await expect(decryptDataVaultValue("s3cret", "k", altered.toString("base64"))).rejects.toThrow(
      /decryption failed/,
    );
    await expect(decryptDataVaultValue("s3cret", "k", "AQA=")).rejects.toThrow(/unknown format/);
  });
});

describe("data vault stores", () => {
  it("sets, gets and replaces values; a missing key is null", async () => {
    const store = newServerApp().getDataVaultStore("tokens");
    expect(await store.getValue("alice", { secret: "app-secret" })).toBeNull();
    await store.setValue("alice", "token-1", { secret: "app-secret" });
    expect(await store.getValue("alice", { secret: "app-secret" })).toBe("token-1");
    await store.setValue("alice", "token-2", { secret: "app-secret" });
    expect(await store.getValue("alice", { secret: "app-secret" })).toBe("token-2");
    // Another secret hashes the key differently: nothing stored under it.
    expect(await store.getValue("alice", { secret: "other-secret" })).toBeNull();
  });

  it("lets an admin app use the same store", async () => {
    const admin = createAdminApp({
      projectId: project.id,
      superSecretAdminKey: project.keys.superSecretAdminKey,
      ...runtimeOptions(),
    });
    await newServerApp().getDataVaultStore("tokens").setValue("bob", "b", { secret: "x" });
    expect(await admin.getDataVaultStore("tokens").getValue("bob", { secret: "x" })).toBe("b");
  });

  it("throws DATA_VAULT_STORE_DOES_NOT_EXIST for a store not in the config", async () => {
    const store = newServerApp().getDataVaultStore("missing");
    const error = await store.setValue("k", "v", { secret: "s" }).catch((e: unknown) => e);
    expect(isKnownError(error, "DATA_VAULT_STORE_DOES_NOT_EXIST")).toBe(true);
    const readError = await store.getValue("k", { secret: "s" }).catch((e: unknown) => e);
    expect(isKnownError(readError, "DATA_VAULT_STORE_DOES_NOT_EXIST")).toBe(true);
  });

  it("is refused with client access", async () => {
    const client = createClientApp({
      projectId: project.id,
      publishableClientKey: project.keys.publishableClientKey,
      tokenStore: createMemoryTokenStore(),
      ...runtimeOptions(),
    });
    const response = await api.request(`/data-vault/stores/tokens/get`, {
      method: "POST",
      accessType: "client",
      projectId: project.id,
      body: { hashed_key: await hashDataVaultKey("x", "bob") },
    });
    expect(response.status).toBe(401);
    // The client app has no vault calls at all.
    expect("getDataVaultStore" in client).toBe(false);
  });
});
