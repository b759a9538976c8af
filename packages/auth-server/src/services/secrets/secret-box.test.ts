/**
 * The sealing of secrets at rest (secret-box.ts): the stored form, binding to a context, failures
 * with another key or altered data, plain values from before encryption, and key rotation.
 */
import { describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import { createSecretBox, secretBoxFromSettings, UnreadableSecretError } from "./secret-box";

const keyA = "first-secrets-key-of-the-tests-0123456789";
const keyB = "second-secrets-key-of-the-tests-987654321";
const context = "auth.users.totp_secret_base64:some-user";

describe("createSecretBox", () => {
  it("seals into enc:v1:<key id>:<nonce>:<ciphertext> without the plaintext, and opens it again", () => {
    const box = createSecretBox({ current: keyA });
    const sealed = box.seal("whsec_the-plain-secret", context);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed.split(":")[2]).toBe(box.keyId);
    expect(sealed).not.toContain("the-plain-secret");
    expect(Buffer.from(sealed.split(":")[4] ?? "", "base64url").toString()).not.toContain("plain");
    expect(box.open(sealed, context)).toBe("whsec_the-plain-secret");
    // A fresh nonce each time: equal secrets do not show as equal values.
    expect(box.seal("whsec_the-plain-secret", context)).not.toBe(sealed);
  });

  it("derives a key id that does not depend on anything but the key", () => {
    expect(createSecretBox({ current: keyA }).keyId).toBe(createSecretBox({ current: keyA }).keyId);
    expect(createSecretBox({ current: keyA }).keyId).not.toBe(
      createSecretBox({ current: keyB }).keyId,
    );
  });

  it("refuses loudly to open a value of another key, of another row, or altered", () => {
    const sealed = createSecretBox({ current: keyA }).seal("secret", context);
    const other = createSecretBox({ current: keyB });
    expect(() => other.open(sealed, context)).toThrow(UnreadableSecretError);
    expect(() => other.open(sealed, context)).toThrow(
      /encrypted with a key this process does not have/,
    );
    const box = createSecretBox({ current: keyA });
    expect(() => box.open(sealed, "auth.users.totp_secret_base64:another-user")).toThrow(
      /failed its integrity check/,
    );
    const parts = sealed.split(":");
    const body = Buffer.from(parts[4] ?? "", "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString("base64url");
    expect(() => box.open(parts.join(":"), context)).toThrow(UnreadableSecretError);
    expect(() => box.open("enc:v2:whatever", context)).toThrow(/not in a known format/);
  });

  it("reads a value stored before encryption at rest as it is", () => {
    const box = createSecretBox({ current: keyA });
    expect(box.open("SGVsbG8gd29ybGQhISE=", context)).toBe("SGVsbG8gd29ybGQhISE=");
    expect(box.stateOf("SGVsbG8gd29ybGQhISE=")).toBe("plain");
  });

  it("rotates: previous keys still open, and say what must be re-encrypted", () => {
    const old = createSecretBox({ current: keyA });
    const sealedWithA = old.seal("secret", context);
    const rotated = createSecretBox({ current: keyB, previous: [keyA] });
    expect(rotated.open(sealedWithA, context)).toBe("secret");
    expect(rotated.stateOf(sealedWithA)).toBe("previous");
    const sealedWithB = rotated.seal("secret", context);
    expect(rotated.keyIdOf(sealedWithB)).toBe(rotated.keyId);
    expect(rotated.stateOf(sealedWithB)).toBe("current");
    expect(old.stateOf(sealedWithB)).toBe("unknown-key");
  });

  it("refuses short keys", () => {
    expect(() => createSecretBox({ current: "short" })).toThrow(/at least 32 characters/);
  });
});

describe("SECRETS_KEY and SECRETS_KEY_PREVIOUS", () => {
  it("are parsed from the environment, previous keys comma-separated", () => {
    const config = parseAuthConfig({
      SECRETS_KEY: keyB,
      SECRETS_KEY_PREVIOUS: ` ${keyA} ,${keyA.toUpperCase()}`,
    });
    expect(config.SECRETS_KEY).toBe(keyB);
    expect(config.SECRETS_KEY_PREVIOUS).toEqual([keyA, keyA.toUpperCase()]);
    expect(parseAuthConfig({}).SECRETS_KEY_PREVIOUS).toEqual([]);
    const sealed = createSecretBox({ current: keyA }).seal("secret", context);
    expect(secretBoxFromSettings(config).open(sealed, context)).toBe("secret");
  });

  it("refuses short keys, naming the variable, and a platform without a key", () => {
    expect(() => parseAuthConfig({ SECRETS_KEY: "too-short" })).toThrow(
      /SECRETS_KEY: must be at least 32 characters/,
    );
    expect(() => parseAuthConfig({ SECRETS_KEY_PREVIOUS: `${keyA},short` })).toThrow(
      /SECRETS_KEY_PREVIOUS: each key must be at least 32 characters/,
    );
    expect(() => secretBoxFromSettings(parseAuthConfig({}))).toThrow(/SECRETS_KEY is not set/);
  });
});
