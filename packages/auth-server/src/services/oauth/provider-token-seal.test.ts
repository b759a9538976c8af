/** Sealing of provider tokens at rest: round trip, binding, old plain-text rows, tampering. */
import { describe, expect, it } from "vitest";
import { parseAuthConfig } from "../../config";
import {
  isSealedProviderToken,
  openProviderToken,
  ProviderTokenUnreadableError,
  providerTokenSecret,
  sealProviderToken,
} from "./provider-token-seal";

const secret = "provider-token-test-secret";
const binding = { oauthAccountId: "3f1c0b8e-58c4-4d8b-9a51-5b0f7f1f2a10", kind: "access" } as const;

describe("provider token sealing", () => {
  it("seals a token so the stored text does not contain it, and opens it again", () => {
    const sealed = sealProviderToken(secret, binding, "gho_plainProviderToken123");
    expect(sealed).not.toContain("gho_plainProviderToken123");
    expect(sealed.startsWith("sealed:v1:")).toBe(true);
    expect(isSealedProviderToken(sealed)).toBe(true);
    expect(openProviderToken(secret, binding, sealed)).toBe("gho_plainProviderToken123");
    // A fresh salt and nonce each time: equal tokens do not give equal rows.
    expect(sealProviderToken(secret, binding, "gho_plainProviderToken123")).not.toBe(sealed);
  });

  it("reads rows written before sealing as plain text", () => {
    expect(openProviderToken(secret, binding, "ya29.legacy-plain-token")).toBe(
      "ya29.legacy-plain-token",
    );
    expect(openProviderToken(null, binding, "ya29.legacy-plain-token")).toBe(
      "ya29.legacy-plain-token",
    );
  });

  it("refuses an altered value with an error that says why", () => {
    const sealed = sealProviderToken(secret, binding, "token-to-tamper");
    const bytes = Buffer.from(sealed.slice("sealed:v1:".length), "base64");
    bytes[40] = (bytes[40] ?? 0) ^ 1;
    const tampered = `sealed:v1:${bytes.toString("base64")}`;
    expect(() => openProviderToken(secret, binding, tampered)).toThrow(
      ProviderTokenUnreadableError,
    );
    expect(() => openProviderToken(secret, binding, tampered)).toThrow(
      /failed its integrity check: it was altered, or sealed under another STACK_DATA_VAULT_SECRET/,
    );
  });

  it("does not open under another secret, another account or another kind", () => {
    const sealed = sealProviderToken(secret, binding, "bound-token");
    expect(() => openProviderToken("another-secret", binding, sealed)).toThrow(
      ProviderTokenUnreadableError,
    );
    expect(() =>
      openProviderToken(secret, { ...binding, oauthAccountId: "another-account" }, sealed),
    ).toThrow(ProviderTokenUnreadableError);
    expect(() => openProviderToken(secret, { ...binding, kind: "refresh" }, sealed)).toThrow(
      ProviderTokenUnreadableError,
    );
    expect(() => openProviderToken(null, binding, sealed)).toThrow(
      "A stored provider token is sealed, but STACK_DATA_VAULT_SECRET is not set.",
    );
  });

  it("uses the data vault secret, a development secret in development, none in production", () => {
    const withSecret = parseAuthConfig({ STACK_DATA_VAULT_SECRET: "configured-secret" });
    const without = parseAuthConfig({});
    expect(providerTokenSecret({ config: withSecret, isDevelopment: false })).toBe(
      "configured-secret",
    );
    expect(providerTokenSecret({ config: without, isDevelopment: true })).toEqual(
      expect.any(String),
    );
    expect(providerTokenSecret({ config: without, isDevelopment: false })).toBeNull();
  });
});
