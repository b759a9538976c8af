import { describe, expect, it } from "vitest";
import { computeTotpCode, isCurrentTotpCode } from "./totp-code";

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (the test vectors' 8 digits, last 6).
const rfcSecret = btoa("12345678901234567890");

describe("computeTotpCode", () => {
  it.each([
    [59_000, "287082"],
    [1_111_111_109_000, "081804"],
    [1_234_567_890_000, "005924"],
    [2_000_000_000_000, "279037"],
  ])("at %i ms gives the RFC 6238 code %s", async (atMs, code) => {
    expect(await computeTotpCode(rfcSecret, atMs)).toBe(code);
  });

  it("accepts the neighbouring steps only", async () => {
    const now = 1_234_567_890_000;
    expect(
      await isCurrentTotpCode(rfcSecret, await computeTotpCode(rfcSecret, now - 30_000), now),
    ).toBe(true);
    expect(
      await isCurrentTotpCode(rfcSecret, await computeTotpCode(rfcSecret, now - 90_000), now),
    ).toBe(false);
  });
});
