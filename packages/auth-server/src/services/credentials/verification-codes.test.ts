/**
 * The verification-code mechanism (contract §2.1): random codes stored as digests, and the four
 * failures in the catalogue's order. The endpoints that redeem codes have their own tests.
 */
import { KnownError } from "@heritage/auth-protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationCodes } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { defaultIdGenerators, hashSecret } from "../secrets/secrets";
import {
  createVerificationCode,
  maxCodeAttempts,
  redeemVerificationCode,
} from "./verification-codes";

let t: TestAuthApi;
let deps: Parameters<typeof createVerificationCode>[0];

beforeAll(async () => {
  t = await createTestAuthApi();
  deps = { db: t.db, clock: t.clock, ids: defaultIdGenerators };
});
afterAll(() => t.close());

const create = (data: Record<string, unknown> = { user_id: "u" }, expiresInMillis?: number) =>
  createVerificationCode(deps, {
    projectId: "internal",
    type: "password_reset",
    data,
    ...(expiresInMillis === undefined ? {} : { expiresInMillis }),
  });

async function expectCodeError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KnownError);
  expect((error as KnownError).code).toBe(code);
}

describe("verification codes", () => {
  it("creates random 45-character codes and stores only their digest", async () => {
    const first = await create();
    const second = await create();
    expect(first).toMatch(/^[0-9a-z]{45}$/);
    expect(first).not.toBe(second);
    const [row] = await t.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.codeHash, hashSecret(first)));
    expect(row).toMatchObject({ type: "password_reset", usedAt: null, attemptCount: 0 });
    expect(JSON.stringify(row)).not.toContain(first);
  });

  it("checks without using up, then redeems once (case-insensitive)", async () => {
    const code = await create({ user_id: "abc" });
    const check = { projectId: "internal", type: "password_reset", code } as const;
    expect(await redeemVerificationCode(deps, { ...check, consume: false })).toEqual({
      user_id: "abc",
    });
    expect(
      await redeemVerificationCode(deps, { ...check, code: code.toUpperCase(), consume: true }),
    ).toEqual({ user_id: "abc" });
    await expectCodeError(
      redeemVerificationCode(deps, { ...check, consume: true }),
      "VERIFICATION_CODE_ALREADY_USED",
    );
  });

  it("refuses unknown codes, codes of another type or project, and expired codes", async () => {
    const code = await create({}, 60_000);
    await expectCodeError(
      redeemVerificationCode(deps, {
        projectId: "internal",
        type: "password_reset",
        code: "x".repeat(45),
        consume: true,
      }),
      "VERIFICATION_CODE_NOT_FOUND",
    );
    await expectCodeError(
      redeemVerificationCode(deps, {
        projectId: "internal",
        type: "contact_channel_verification",
        code,
        consume: true,
      }),
      "VERIFICATION_CODE_NOT_FOUND",
    );
    const other = await t.createProject();
    await expectCodeError(
      redeemVerificationCode(deps, {
        projectId: other.id,
        type: "password_reset",
        code,
        consume: true,
      }),
      "VERIFICATION_CODE_NOT_FOUND",
    );
    t.clock.advance(60_001);
    await expectCodeError(
      redeemVerificationCode(deps, {
        projectId: "internal",
        type: "password_reset",
        code,
        consume: false,
      }),
      "VERIFICATION_CODE_EXPIRED",
    );
  });

  it("counts every attempt on a nonce and stops after the maximum", async () => {
    const code = await create();
    const wrongPrefix = `${code[0] === "a" ? "b" : "a"}${code.slice(1)}`;
    const attempt = (value: string) =>
      redeemVerificationCode(deps, {
        projectId: "internal",
        type: "password_reset",
        code: value,
        consume: false,
      });
    for (let i = 0; i < maxCodeAttempts - 1; i += 1) {
      await expectCodeError(attempt(wrongPrefix), "VERIFICATION_CODE_NOT_FOUND");
    }
    expect(await attempt(code)).toEqual({ user_id: "u" });
    await expectCodeError(attempt(code), "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });
});
