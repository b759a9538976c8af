/**
 * CLI sign-in (contract §2.17): the CLI starts an attempt and gets a polling code (kept secret) and a
 * login code (shown to the user); the user, signed in in a browser, completes the attempt with the
 * login code and the browser's refresh token; the CLI's next poll receives that refresh token, as
 * the reference answers (the CLI and the browser then share the session). Codes are stored as
 * SHA-256 digests; the refresh tokens the attempt hands on (the browser's, and the CLI's anonymous
 * one a browser may claim) are sealed with SECRETS_KEY and cleared once handed on. Every state
 * change is a conditional update, so a code works once.
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import type { Database } from "@heritage/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import {
  type CliAuthAttemptRow,
  cliAuthAttempts,
  type SessionRow,
  sessions,
} from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import type { LoadedProject } from "../projects/projects";
import { findUser } from "../records/user-records";
import { secretContexts, UnreadableSecretError } from "../secrets/secret-box";
import { hashSecret } from "../secrets/secrets";
import { plainErrors } from "../shared/plain-errors";
import { mintAccessTokenForUser } from "./sessions";

export const defaultCliAuthLifetimeMillis = 2 * 60 * 60 * 1000;
export const maxCliAuthLifetimeMillis = 24 * 60 * 60 * 1000;

/** The session of a refresh token in any project (the CLI endpoints tell the two cases apart). */
async function findSessionByRefreshToken(
  db: Database,
  refreshToken: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hashSecret(refreshToken)))
    .limit(1);
  return row ?? null;
}

/** The anonymous user behind the CLI's own refresh token; text 400s with the reference's wording. */
async function requireAnonymousUserOf(
  deps: AuthDeps,
  project: LoadedProject,
  anonRefreshToken: string,
): Promise<string> {
  const session = await findSessionByRefreshToken(deps.db, anonRefreshToken);
  if (!session) throw plainErrors.invalidAnonRefreshToken();
  if (session.projectId !== project.id) {
    throw plainErrors.anonRefreshTokenOfOtherProject();
  }
  if (session.expiresAt.getTime() <= deps.clock().getTime()) {
    throw plainErrors.anonRefreshTokenExpired();
  }
  const user = await findUser(deps.db, project.id, session.userId);
  if (!user) throw plainErrors.anonRefreshTokenWithoutUser();
  if (!user.row.isAnonymous) {
    throw plainErrors.refreshTokenNotAnonymous();
  }
  return user.row.id;
}

export async function initiateCliAuth(
  deps: AuthDeps,
  project: LoadedProject,
  input: { expiresInMillis: number; anonRefreshToken?: string | undefined },
): Promise<{ pollingCode: string; loginCode: string; expiresAt: Date }> {
  const anonUserId = input.anonRefreshToken
    ? await requireAnonymousUserOf(deps, project, input.anonRefreshToken)
    : null;
  const now = deps.clock();
  const id = deps.ids.generateId();
  const pollingCode = deps.ids.generateToken();
  const loginCode = deps.ids.generateToken();
  const expiresAt = new Date(now.getTime() + input.expiresInMillis);
  await deps.db.insert(cliAuthAttempts).values({
    id,
    projectId: project.id,
    pollingCodeHash: hashSecret(pollingCode),
    loginCodeHash: hashSecret(loginCode),
    anonUserId,
    anonRefreshTokenSealed:
      anonUserId && input.anonRefreshToken
        ? deps.secrets.seal(input.anonRefreshToken, secretContexts.cliAnonRefreshToken(id))
        : null,
    expiresAt,
    createdAt: now,
  });
  return { pollingCode, loginCode, expiresAt };
}

export type CliPollResult =
  | { status: "waiting" | "expired" | "used" }
  | { status: "success"; refreshToken: string };

export async function pollCliAuth(
  deps: AuthDeps,
  project: LoadedProject,
  pollingCode: string,
): Promise<CliPollResult> {
  const [attempt] = await deps.db
    .select()
    .from(cliAuthAttempts)
    .where(
      and(
        eq(cliAuthAttempts.projectId, project.id),
        eq(cliAuthAttempts.pollingCodeHash, hashSecret(pollingCode)),
      ),
    )
    .limit(1);
  if (!attempt) throw knownErrors.invalidPollingCode();
  const now = deps.clock();
  if (attempt.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  if (attempt.usedAt) return { status: "used" };
  if (!attempt.completedAt) return { status: "waiting" };

  // Two polls at once: only the one whose update wins gets the token, which leaves the row then.
  const [claimed] = await deps.db
    .update(cliAuthAttempts)
    .set({ usedAt: now, refreshTokenSealed: null })
    .where(and(eq(cliAuthAttempts.id, attempt.id), isNull(cliAuthAttempts.usedAt)))
    .returning();
  if (!claimed) return { status: "used" };
  // The user may have been deleted since completing (the reference to it is then cleared).
  if (!claimed.completedUserId || !attempt.refreshTokenSealed) return { status: "expired" };
  const refreshToken = openSealedToken(
    deps,
    attempt.refreshTokenSealed,
    secretContexts.cliRefreshToken(attempt.id),
  );
  return refreshToken ? { status: "success", refreshToken } : { status: "expired" };
}

/** A token the attempt sealed; null when no configured key opens it (SECRETS_KEY changed since). */
function openSealedToken(deps: AuthDeps, sealed: string, context: string): string | null {
  try {
    return deps.secrets.open(sealed, context);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return null;
    throw error;
  }
}

/** A pending attempt (neither completed, collected nor expired) by its login code. */
async function requirePendingAttempt(
  deps: AuthDeps,
  project: LoadedProject,
  loginCode: string,
): Promise<CliAuthAttemptRow> {
  const [attempt] = await deps.db
    .select()
    .from(cliAuthAttempts)
    .where(
      and(
        eq(cliAuthAttempts.projectId, project.id),
        eq(cliAuthAttempts.loginCodeHash, hashSecret(loginCode)),
      ),
    )
    .limit(1);
  if (
    !attempt ||
    attempt.completedAt ||
    attempt.usedAt ||
    attempt.expiresAt.getTime() <= deps.clock().getTime()
  ) {
    throw plainErrors.invalidCliLoginCode();
  }
  return attempt;
}

/** Conditions that keep an attempt pending at the moment of an update. */
function stillPending(attempt: CliAuthAttemptRow, now: Date) {
  return and(
    eq(cliAuthAttempts.id, attempt.id),
    isNull(cliAuthAttempts.completedAt),
    isNull(cliAuthAttempts.usedAt),
    gt(cliAuthAttempts.expiresAt, now),
  );
}

async function liveAnonymousUserOf(
  deps: AuthDeps,
  project: LoadedProject,
  attempt: CliAuthAttemptRow,
): Promise<string | null> {
  if (!attempt.anonUserId) return null;
  const user = await findUser(deps.db, project.id, attempt.anonUserId);
  return user?.row.isAnonymous ? user.row.id : null;
}

/** `mode: "check"`: whether the CLI brought an anonymous session the browser could take over. */
export async function checkCliAuth(
  deps: AuthDeps,
  project: LoadedProject,
  loginCode: string,
): Promise<"anonymous" | "none"> {
  const attempt = await requirePendingAttempt(deps, project, loginCode);
  return (await liveAnonymousUserOf(deps, project, attempt)) ? "anonymous" : "none";
}

/**
 * `mode: "claim-anon-session"`: the CLI's own anonymous session (its refresh token and a fresh
 * access token), once, so the browser continues as the same anonymous user.
 */
export async function claimCliAnonymousSession(
  deps: AuthDeps,
  project: LoadedProject,
  loginCode: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const attempt = await requirePendingAttempt(deps, project, loginCode);
  const anonUserId = await liveAnonymousUserOf(deps, project, attempt);
  if (!anonUserId || !attempt.anonRefreshTokenSealed) throw plainErrors.cliNoAnonymousSession();
  const [claimed] = await deps.db
    .update(cliAuthAttempts)
    .set({ anonUserId: null, anonRefreshTokenSealed: null })
    .where(and(stillPending(attempt, deps.clock()), eq(cliAuthAttempts.anonUserId, anonUserId)))
    .returning({ id: cliAuthAttempts.id });
  if (!claimed) throw plainErrors.cliNoAnonymousSession();
  const refreshToken = openSealedToken(
    deps,
    attempt.anonRefreshTokenSealed,
    secretContexts.cliAnonRefreshToken(attempt.id),
  );
  const session = refreshToken ? await findSessionByRefreshToken(deps.db, refreshToken) : null;
  const user = await findUser(deps.db, project.id, anonUserId);
  if (
    !refreshToken ||
    !session ||
    session.userId !== anonUserId ||
    session.expiresAt.getTime() <= deps.clock().getTime() ||
    !user
  ) {
    throw plainErrors.cliAnonymousSessionGone();
  }
  const accessToken = await mintAccessTokenForUser(deps, project, user, session.id);
  return { accessToken, refreshToken };
}

/** `mode: "complete"`: the browser's refresh token names the user the CLI signs in as. */
export async function completeCliAuth(
  deps: AuthDeps,
  project: LoadedProject,
  loginCode: string,
  refreshToken: string,
): Promise<void> {
  const attempt = await requirePendingAttempt(deps, project, loginCode);
  const now = deps.clock();
  const session = await findSessionByRefreshToken(deps.db, refreshToken);
  if (session && session.projectId !== project.id) {
    throw plainErrors.refreshTokenOfOtherProject();
  }
  if (!session || session.expiresAt.getTime() <= now.getTime()) {
    throw plainErrors.invalidRefreshToken();
  }
  // The anonymous user the CLI brought is left alone, never merged into the signed-in one.
  const [completed] = await deps.db
    .update(cliAuthAttempts)
    .set({
      completedUserId: session.userId,
      completedAt: now,
      refreshTokenSealed: deps.secrets.seal(
        refreshToken,
        secretContexts.cliRefreshToken(attempt.id),
      ),
      anonUserId: null,
      anonRefreshTokenSealed: null,
    })
    .where(stillPending(attempt, now))
    .returning({ id: cliAuthAttempts.id });
  if (!completed) throw plainErrors.invalidCliLoginCode();
}
