/**
 * Sessions (contract §1.5 "Refresh token / session"): a row per session holding only the SHA-256
 * digest of its refresh token. Refresh tokens are never rotated; a session is valid until it expires,
 * is deleted, or its user is deleted (cascade). Minting an access token from a session records
 * activity on the session and the user.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, sql } from "drizzle-orm";
import { type SessionRow, sessions } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { type LoadedUser, touchUser } from "../records/user-records";
import { restrictedReasonOf } from "../records/user-wire";
import { hashSecret } from "../secrets/secrets";
import { mintAccessToken } from "./tokens";

export const defaultSessionLifetimeMillis = 365 * 24 * 60 * 60 * 1000;
/** `POST /auth/sessions` may ask for up to 367 days. */
export const maxSessionLifetimeMillis = 367 * 24 * 60 * 60 * 1000;

export interface CreatedSession {
  sessionId: string;
  refreshToken: string;
}

export async function createSession(
  db: Database,
  deps: Pick<AuthDeps, "ids" | "clock">,
  input: {
    projectId: string;
    userId: string;
    expiresInMillis?: number;
    isImpersonation?: boolean;
    ip?: string | null;
  },
): Promise<CreatedSession> {
  const now = deps.clock();
  const sessionId = deps.ids.generateId();
  const refreshToken = deps.ids.generateToken();
  await db.insert(sessions).values({
    id: sessionId,
    projectId: input.projectId,
    userId: input.userId,
    refreshTokenHash: hashSecret(refreshToken),
    isImpersonation: input.isImpersonation ?? false,
    expiresAt: new Date(now.getTime() + (input.expiresInMillis ?? defaultSessionLifetimeMillis)),
    createdAt: now,
    lastActiveAt: now,
    lastActiveIp: input.ip ?? null,
  });
  return { sessionId, refreshToken };
}

/** The live session a refresh token belongs to in this project, or null. */
export async function findLiveSession(
  db: Database,
  projectId: string,
  refreshToken: string,
  now: Date,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.refreshTokenHash, hashSecret(refreshToken)),
        eq(sessions.projectId, projectId),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Deletes one session of a user; false when it no longer exists. */
export async function deleteSession(
  db: Database,
  projectId: string,
  sessionId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.projectId, projectId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Mints an access token for a user's session (a snapshot of the user now). */
export async function mintAccessTokenForUser(
  deps: Pick<AuthDeps, "baseUrl" | "clock" | "config" | "signingKeys">,
  project: LoadedProject,
  user: LoadedUser,
  sessionId: string,
): Promise<string> {
  return mintAccessToken(deps, {
    userId: user.row.id,
    projectId: project.id,
    sessionId,
    displayName: user.row.displayName,
    primaryEmail: user.primaryEmail?.value ?? null,
    primaryEmailVerified: user.primaryEmail?.isVerified ?? false,
    selectedTeamId: user.selectedTeam?.id ?? null,
    signedUpAt: user.row.signedUpAt,
    isAnonymous: user.row.isAnonymous,
    restrictedReason: restrictedReasonOf(user, project.config),
    requiresTotpMfa: user.row.totpSecretBase64 !== null,
  });
}

/**
 * The refresh statement, built once per database (as the user query is: Drizzle spent a sixth of a
 * refresh request's CPU building this SQL, issue 15), a named prepared statement on PostgreSQL:
 * the live session of the token, one row by a unique index. Its user comes from the user cache,
 * as every signed-in request's does; nothing is written (the activity goes to the batch,
 * session-activity.ts). Joining the user's tables here cost the embedded database four times the
 * session's lookup alone (decision 030).
 */
function prepareRefresh(db: Database) {
  return db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.refreshTokenHash, sql.placeholder("refreshTokenHash")),
        eq(sessions.projectId, sql.placeholder("projectId")),
        gt(sessions.expiresAt, sql`${sql.placeholder("now")}`),
      ),
    )
    .limit(1)
    .prepare("heritage_auth_refresh_session");
}

const preparedRefresh = new WeakMap<Database, ReturnType<typeof prepareRefresh>>();

/**
 * Exchanges a refresh token for a new access token. Unknown, expired, revoked or foreign-project
 * tokens and deleted users all give `REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED`. One round trip reads the
 * live session; the user the new token describes comes from the user cache (a second query when
 * it is not in memory); the activity on both is noted for the next batch (session-activity.ts).
 */
export async function refreshAccessToken(
  deps: AuthDeps,
  project: LoadedProject,
  refreshToken: string,
  ip: string | null,
): Promise<{ accessToken: string; sessionId: string; userId: string }> {
  const { db } = deps;
  let prepared = preparedRefresh.get(db);
  if (!prepared) {
    prepared = prepareRefresh(db);
    preparedRefresh.set(db, prepared);
  }
  const now = deps.clock();
  const [session] = await prepared.execute({
    now,
    refreshTokenHash: hashSecret(refreshToken),
    projectId: project.id,
  });
  // A deleted user's sessions are deleted with it; the cache answers null for a user it cannot find.
  const user = session ? await deps.users.findUser(project.id, session.userId) : null;
  if (!session || !user) throw knownErrors.refreshTokenNotFoundOrExpired();
  deps.sessionActivity.record(session.sessionId, user.row.id, now, ip);
  const accessToken = await mintAccessTokenForUser(deps, project, user, session.sessionId);
  return { accessToken, sessionId: session.sessionId, userId: user.row.id };
}

/** Creates a session for a user and mints its first access token. */
export async function startSession(
  deps: AuthDeps,
  project: LoadedProject,
  user: LoadedUser,
  options: { expiresInMillis?: number; isImpersonation?: boolean; ip?: string | null } = {},
): Promise<{ accessToken: string; refreshToken: string; sessionId: string }> {
  const { sessionId, refreshToken } = await createSession(deps.db, deps, {
    projectId: project.id,
    userId: user.row.id,
    ...options,
  });
  const accessToken = await mintAccessTokenForUser(deps, project, user, sessionId);
  await touchUser(deps.db, user.row.id, deps.clock());
  return { accessToken, refreshToken, sessionId };
}
