/**
 * Expired OAuth flow codes are swept on write: rows past the retention window go, in bounded
 * batches; fresh, recently expired and used-but-unexpired rows stay and answer as before.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oauthFlowCodes } from "../../db/schema";
import { createTestAuthApi, type TestAuthApi } from "../../testing/test-auth-api";
import { defaultIdGenerators } from "../secrets/secrets";
import {
  type AuthorizationCodeData,
  authorizationCodeLifetimeMillis,
  createAuthorizationCode,
  expiredCodeRetentionMillis,
  sweepBatchSize,
  sweepExpiredFlowCodes,
  takeAuthorizationCode,
} from "./flow-codes";

let t: TestAuthApi;
let projectId: string;
const codeData: AuthorizationCodeData = {
  userId: "8d0f7f3e-4f43-4c1e-9d57-2f5f2f2b9a01",
  isNewUser: false,
  redirectUri: "http://localhost:3000/handler/oauth-callback",
  codeChallenge: "challenge",
  codeChallengeMethod: "plain",
  afterCallbackRedirectUrl: null,
};

beforeAll(async () => {
  t = await createTestAuthApi();
  projectId = (await t.createProject()).id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(oauthFlowCodes);
});

function deps() {
  return { db: t.db, clock: t.clock, ids: defaultIdGenerators };
}

async function countCodes() {
  return (await t.db.select({ id: oauthFlowCodes.id }).from(oauthFlowCodes)).length;
}

describe("sweeping expired OAuth flow codes", () => {
  it("a new code deletes codes that expired before the retention window, and only those", async () => {
    const stale = await createAuthorizationCode(deps(), projectId, codeData);
    t.clock.advance(authorizationCodeLifetimeMillis + expiredCodeRetentionMillis - 60_000);
    // Not yet swept: `stale` expired less than the retention window ago.
    const recent = await createAuthorizationCode(deps(), projectId, codeData);
    // Now `stale` is past the window; `recent` has expired, but only just.
    t.clock.advance(authorizationCodeLifetimeMillis + 60_000);
    const live = await createAuthorizationCode(deps(), projectId, codeData);

    expect(await countCodes()).toBe(2);
    expect(await takeAuthorizationCode(deps(), stale)).toEqual({ status: "not_found" });
    expect(await takeAuthorizationCode(deps(), recent)).toEqual({ status: "expired" });
    const taken = await takeAuthorizationCode(deps(), live);
    expect(taken.status).toBe("ok");
    // A used code that has not expired stays, so a replay still reads "used".
    await createAuthorizationCode(deps(), projectId, codeData);
    expect(await takeAuthorizationCode(deps(), live)).toEqual({ status: "used" });
  });

  it("sweeps at most one batch per write, oldest first", async () => {
    const now = t.clock();
    const longAgo = (minutes: number) =>
      new Date(now.getTime() - expiredCodeRetentionMillis - minutes * 60_000);
    const rows = Array.from({ length: sweepBatchSize + 5 }, (_, index) => ({
      id: defaultIdGenerators.generateId(),
      projectId,
      kind: "authorization_code" as const,
      codeHash: `hash-${index}-${defaultIdGenerators.generateId()}`,
      data: codeData,
      // Row 0 expired longest ago.
      expiresAt: longAgo(sweepBatchSize + 5 - index),
      createdAt: longAgo(sweepBatchSize + 10 - index),
    }));
    await t.db.insert(oauthFlowCodes).values(rows);

    expect(await sweepExpiredFlowCodes(deps())).toBe(sweepBatchSize);
    const left = await t.db.select({ id: oauthFlowCodes.id }).from(oauthFlowCodes);
    expect(left.map((row) => row.id).sort()).toEqual(
      rows
        .slice(sweepBatchSize)
        .map((row) => row.id)
        .sort(),
    );
    expect(await sweepExpiredFlowCodes(deps())).toBe(5);
    expect(await sweepExpiredFlowCodes(deps())).toBe(0);
  });

  it("leaves codes of other kinds and projects alone while they are fresh", async () => {
    const other = await t.createProject();
    await createAuthorizationCode(deps(), other.id, codeData);
    await createAuthorizationCode(deps(), projectId, codeData);
    expect(await sweepExpiredFlowCodes(deps())).toBe(0);
    const [row] = await t.db
      .select()
      .from(oauthFlowCodes)
      .where(eq(oauthFlowCodes.projectId, other.id));
    expect(row?.kind).toBe("authorization_code");
  });
});
