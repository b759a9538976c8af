/**
 * The two short-lived secrets of an OAuth sign-in (contract §2.16), stored only as digests in
 * `auth.oauth_flow_codes`: the outer flow (what the app asked for, keyed by the inner state we send
 * the provider; 10 minutes) and our authorization code (5 minutes, redeemed once at the token
 * endpoint). Every write first sweeps a bounded batch of rows that expired over an hour ago, so the
 * table holds about an hour and a quarter of flows, with no periodic job.
 * @module
 */
import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { oauthFlowCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { hashSecret } from "../secrets/secrets";

export const outerFlowLifetimeMillis = 10 * 60 * 1000;
export const authorizationCodeLifetimeMillis = 5 * 60 * 1000;
/**
 * Expired rows are kept this long, so a late callback or a replayed code still gets "timed out" or
 * "already used" rather than "unknown".
 */
export const expiredCodeRetentionMillis = 60 * 60 * 1000;
/** Rows one write sweeps at most: the work of a write stays small however large the backlog. */
export const sweepBatchSize = 100;

type FlowDeps = Pick<AuthDeps, "db" | "clock" | "ids">;

export const outerFlowSchema = z.object({
  providerId: z.string(),
  /** The app's callback (code and state stripped) where our code goes. */
  redirectUri: z.string(),
  /** Where errors of the flow are sent (defaults to redirectUri). */
  errorRedirectUrl: z.string().nullable(),
  afterCallbackRedirectUrl: z.string().nullable(),
  outerState: z.string(),
  codeChallenge: z.string(),
  codeChallengeMethod: z.enum(["S256", "plain"]),
  type: z.enum(["authenticate", "link"]),
  /** The user of the `token` query parameter (link target, or an anonymous user to upgrade). */
  userId: z.string().nullable(),
  providerScopes: z.array(z.string()),
  /** Our PKCE verifier towards the provider. */
  innerCodeVerifier: z.string(),
  /** The redirect URI we gave the provider (must be repeated at the code exchange). */
  innerRedirectUri: z.string(),
  responseMode: z.enum(["json", "redirect"]),
});
export type OuterFlow = z.infer<typeof outerFlowSchema>;

export const authorizationCodeDataSchema = z.object({
  userId: z.string(),
  isNewUser: z.boolean(),
  redirectUri: z.string(),
  codeChallenge: z.string(),
  codeChallengeMethod: z.enum(["S256", "plain"]),
  afterCallbackRedirectUrl: z.string().nullable(),
  /**
   * A cross-domain hand-off (cross-domain-handoff.ts): the session the code hands on and its
   * refresh token, sealed with SECRETS_KEY.
   */
  handoff: z.object({ sessionId: z.string(), refreshTokenSealed: z.string() }).optional(),
});
export type AuthorizationCodeData = z.infer<typeof authorizationCodeDataSchema>;

/** Deletes up to `sweepBatchSize` rows, oldest first, that expired before the retention window. */
export async function sweepExpiredFlowCodes(deps: Pick<AuthDeps, "db" | "clock">): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - expiredCodeRetentionMillis);
  const oldest = deps.db
    .select({ id: oauthFlowCodes.id })
    .from(oauthFlowCodes)
    .where(lt(oauthFlowCodes.expiresAt, cutoff))
    .orderBy(asc(oauthFlowCodes.expiresAt))
    .limit(sweepBatchSize);
  const deleted = await deps.db
    .delete(oauthFlowCodes)
    .where(inArray(oauthFlowCodes.id, oldest))
    .returning({ id: oauthFlowCodes.id });
  return deleted.length;
}

async function storeCode(
  deps: FlowDeps,
  input: {
    projectId: string;
    kind: "outer_flow" | "authorization_code";
    data: unknown;
    lifetimeMillis: number;
  },
): Promise<string> {
  await sweepExpiredFlowCodes(deps);
  const now = deps.clock();
  const code = deps.ids.generateToken();
  await deps.db.insert(oauthFlowCodes).values({
    id: deps.ids.generateId(),
    projectId: input.projectId,
    kind: input.kind,
    codeHash: hashSecret(code),
    data: input.data,
    expiresAt: new Date(now.getTime() + input.lifetimeMillis),
    createdAt: now,
  });
  return code;
}

export type TakeResult<T> =
  | { status: "ok"; projectId: string; data: T }
  | { status: "not_found" | "expired" | "used" };

/** Marks a code used and returns its data; a code is only ever taken once. */
async function takeCode<T>(
  deps: FlowDeps,
  kind: "outer_flow" | "authorization_code",
  code: string,
  schema: z.ZodType<T>,
): Promise<TakeResult<T>> {
  const [row] = await deps.db
    .select()
    .from(oauthFlowCodes)
    .where(and(eq(oauthFlowCodes.codeHash, hashSecret(code)), eq(oauthFlowCodes.kind, kind)))
    .limit(1);
  if (!row) return { status: "not_found" };
  if (row.usedAt !== null) return { status: "used" };
  const now = deps.clock();
  if (row.expiresAt <= now) return { status: "expired" };
  // Two concurrent redemptions: only one finds the code unused.
  const taken = await deps.db
    .update(oauthFlowCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthFlowCodes.id, row.id), isNull(oauthFlowCodes.usedAt)))
    .returning({ id: oauthFlowCodes.id });
  if (taken.length === 0) return { status: "used" };
  const data = schema.safeParse(row.data);
  if (!data.success) return { status: "not_found" };
  return { status: "ok", projectId: row.projectId, data: data.data };
}

/** Stores the outer flow; returns the inner state that names it. */
export function createOuterFlow(deps: FlowDeps, projectId: string, flow: OuterFlow) {
  return storeCode(deps, {
    projectId,
    kind: "outer_flow",
    data: flow,
    lifetimeMillis: outerFlowLifetimeMillis,
  });
}

export function takeOuterFlow(deps: FlowDeps, innerState: string) {
  return takeCode(deps, "outer_flow", innerState, outerFlowSchema);
}

export function createAuthorizationCode(
  deps: FlowDeps,
  projectId: string,
  data: AuthorizationCodeData,
) {
  return storeCode(deps, {
    projectId,
    kind: "authorization_code",
    data,
    lifetimeMillis: authorizationCodeLifetimeMillis,
  });
}

export function takeAuthorizationCode(deps: FlowDeps, code: string) {
  return takeCode(deps, "authorization_code", code, authorizationCodeDataSchema);
}
