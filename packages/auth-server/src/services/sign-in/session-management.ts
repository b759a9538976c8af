/**
 * A user's sessions as the account page shows them (contract §2.5): listing, newest first, with the
 * caller's own session marked, and revoking one. Impersonation sessions (created by the server with
 * `is_impersonation`) are only shown to admins, so an impersonated user does not see them.
 * @module
 */
import type { Session } from "@heritage/auth-protocol";
import { knownErrors } from "@heritage/auth-protocol";
import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { plainErrors } from "../shared/plain-errors";

/** Live sessions of a user; `currentSessionId` is the caller's (its token's `refresh_token_id`). */
export async function listUserSessions(
  deps: Pick<AuthDeps, "db" | "clock">,
  input: {
    projectId: string;
    userId: string;
    currentSessionId: string | null;
    includeImpersonation: boolean;
  },
): Promise<Session[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.projectId, input.projectId),
        eq(sessions.userId, input.userId),
        // Expired sessions can no longer be used or revoked, so they are not listed.
        gt(sessions.expiresAt, deps.clock()),
        ...(input.includeImpersonation ? [] : [eq(sessions.isImpersonation, false)]),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.getTime(),
    last_used_at: row.lastActiveAt.getTime(),
    is_impersonation: row.isImpersonation,
    is_current_session: row.id === input.currentSessionId,
    // Only the address is recorded; there is no geolocation database behind it.
    ...(row.lastActiveIp
      ? {
          last_used_at_end_user_ip_info: {
            ip: row.lastActiveIp,
            countryCode: null,
            regionCode: null,
            cityName: null,
            latitude: null,
            longitude: null,
            tzIdentifier: null,
          },
        }
      : {}),
  }));
}

/**
 * Revokes one session of a user. A session of another user (or project) answers like a missing one,
 * so ids of other users' sessions cannot be probed; the caller's own session must be ended with
 * `DELETE /auth/sessions/current` instead.
 */
export async function revokeUserSession(
  deps: Pick<AuthDeps, "db">,
  input: {
    projectId: string;
    /** The session's owner; null when any user's session of the project may be revoked. */
    userId: string | null;
    sessionId: string;
    currentSessionId: string | null;
  },
): Promise<void> {
  const [session] = await deps.db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.projectId, input.projectId), eq(sessions.id, input.sessionId)))
    .limit(1);
  if (!session || (input.userId !== null && session.userId !== input.userId)) {
    throw plainErrors.sessionNotFound();
  }
  if (session.id === input.currentSessionId) throw knownErrors.cannotDeleteCurrentSession();
  await deps.db.delete(sessions).where(eq(sessions.id, session.id));
}
