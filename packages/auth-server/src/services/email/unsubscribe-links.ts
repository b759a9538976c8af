/**
 * Unsubscribe links in mail of a category users can turn off (the reference's Marketing), as the
 * reference makes them: `{PUBLIC_URL}/api/v1/emails/unsubscribe-link?code=…`, a one-time code of
 * 45 characters valid for 30 days that turns the category off for the user when opened. The code
 * is stored as a digest only (verification-codes.ts).
 * @module
 */
import { knownErrors } from "@heritage/auth-protocol";
import { and, eq, isNull } from "drizzle-orm";
import { verificationCodes } from "../../db/schema";
import type { AuthDeps } from "../auth-deps";
import { createVerificationCode } from "../credentials/verification-codes";
import { hashSecret } from "../secrets/secrets";
import { setNotificationPreference } from "./email-notifications";

export const unsubscribeLinkLifetimeMillis = 30 * 24 * 60 * 60 * 1000;

export interface UnsubscribeTarget {
  projectId: string;
  userId: string;
  categoryId: string;
}

export type UnsubscribeLinkMaker = (target: UnsubscribeTarget) => Promise<string>;

/** Makes links under the server's public origin (`deps.baseUrl`). */
export function unsubscribeLinkMaker(
  deps: Pick<AuthDeps, "db" | "clock" | "ids" | "baseUrl">,
): UnsubscribeLinkMaker {
  return async (target) => {
    const code = await createVerificationCode(deps, {
      projectId: target.projectId,
      type: "unsubscribe_link",
      data: { user_id: target.userId, notification_category_id: target.categoryId },
      expiresInMillis: unsubscribeLinkLifetimeMillis,
    });
    return `${deps.baseUrl}/api/v1/emails/unsubscribe-link?code=${code}`;
  };
}

export type UnsubscribeOutcome = "unsubscribed" | "already-unsubscribed";

/**
 * Redeems a link's code (any case): turns the category off for its user. A code used before is
 * "already-unsubscribed"; unknown and expired codes are the reference's known errors.
 */
export async function unsubscribeWithCode(
  deps: Pick<AuthDeps, "db" | "clock">,
  code: string,
): Promise<UnsubscribeOutcome> {
  const [row] = await deps.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.codeHash, hashSecret(code.toLowerCase())),
        eq(verificationCodes.type, "unsubscribe_link"),
      ),
    );
  if (!row) throw knownErrors.verificationCodeNotFound();
  const now = deps.clock();
  if (row.expiresAt <= now) throw knownErrors.verificationCodeExpired();
  if (row.usedAt !== null) return "already-unsubscribed";
  const used = await deps.db
    .update(verificationCodes)
    .set({ usedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) return "already-unsubscribed";
  const data = row.data as { user_id?: unknown; notification_category_id?: unknown };
  if (typeof data.user_id !== "string" || typeof data.notification_category_id !== "string") {
    throw knownErrors.verificationCodeNotFound();
  }
  await setNotificationPreference(
    deps,
    row.projectId,
    data.user_id,
    data.notification_category_id,
    false,
  );
  return "unsubscribed";
}
