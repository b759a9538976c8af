import { describe, expect, it } from "vitest";
import {
  isRefreshTokenFormat,
  refreshTokenAlphabet,
  refreshTokenLength,
} from "./refresh-token-format";

describe("refresh-token format", () => {
  it("has 32 symbols without i, l, o, u", () => {
    expect(new Set(refreshTokenAlphabet).size).toBe(32);
    for (const excluded of "ilou") expect(refreshTokenAlphabet).not.toContain(excluded);
  });

  it("accepts 45 alphabet characters", () => {
    const token = refreshTokenAlphabet.repeat(2).slice(0, refreshTokenLength);
    expect(isRefreshTokenFormat(token)).toBe(true);
  });

  it.each([
    ["too short", "0".repeat(44)],
    ["too long", "0".repeat(46)],
    ["upper case", "A".repeat(45)],
    ["an excluded letter", `${"0".repeat(44)}u`],
  ])("rejects %s", (_, token) => {
    expect(isRefreshTokenFormat(token)).toBe(false);
  });
});
