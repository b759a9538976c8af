/**
 * The API key format against the official SDK's own implementation (@stackframe/stack-shared
 * 2.8.108): keys we generate pass its parser and checksum check, keys it generates pass ours.
 */
import { randomUUID } from "node:crypto";
import { parseApiKeyFormat } from "@heritage/auth-protocol";
import {
  createProjectApiKey,
  isApiKey,
  parseProjectApiKey,
} from "@stackframe/stack-shared/dist/utils/api-keys";
import { describe, expect, it } from "vitest";
import { generateApiKey, isWellFormedApiKey } from "./api-keys";

const cases = [
  { type: "user", isPublic: false },
  { type: "user", isPublic: true },
  { type: "team", isPublic: false },
  { type: "team", isPublic: true },
] as const;

describe("API key format", () => {
  it.each(cases)(
    "a $type key (public: $isPublic) passes the SDK's parser",
    ({ type, isPublic }) => {
      const id = randomUUID();
      const key = generateApiKey({ id, type, isPublic });
      expect(isApiKey(key)).toBe(true);
      expect(parseProjectApiKey(key)).toMatchObject({
        id,
        type,
        isPublic,
        isCloudVersion: false,
        prefix: isPublic ? "pk" : "sk",
      });
      expect(parseApiKeyFormat(key)).toMatchObject({ id, type, isPublic });
      expect(isWellFormedApiKey(key)).toBe(true);
    },
  );

  it.each(cases)("the SDK's $type key (public: $isPublic) passes ours", ({ type, isPublic }) => {
    const id = randomUUID();
    const key = createProjectApiKey({ id, type, isPublic, isCloudVersion: false });
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(parseApiKeyFormat(key)).toMatchObject({ id, type, isPublic });
  });

  it("rejects a changed character, a wrong prefix for the flag and other strings", () => {
    const key = generateApiKey({ id: randomUUID(), type: "user", isPublic: false });
    const changed = `${key.slice(0, 5)}${key[5] === "a" ? "b" : "a"}${key.slice(6)}`;
    expect(isWellFormedApiKey(changed)).toBe(false);
    expect(() => parseProjectApiKey(changed)).toThrow();
    expect(isWellFormedApiKey(`pk${key.slice(2)}`)).toBe(false);
    expect(isWellFormedApiKey("sk_short")).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });
});
