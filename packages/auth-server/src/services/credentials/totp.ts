/**
 * TOTP checks for MFA sign-in (contract §2.14): RFC 6238 with a 30-second step, 6 digits and SHA-1 over
 * the user's secret (base64, stored encrypted: services/secrets/secret-box.ts). A code is accepted once: the
 * step it belongs to is recorded on the user, and only a later step passes afterwards, so a code
 * seen over someone's shoulder is worthless.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { users } from "../../db/schema";
import { type SecretBox, secretContexts } from "../secrets/secret-box";

export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/** Codes of the neighbouring steps are accepted too, for clocks a little off. */
const totpWindow = 1;

/** The stored form of a user's TOTP secret: encrypted at rest, bound to the user. */
export function sealTotpSecret(
  secrets: SecretBox | undefined,
  userId: string,
  secretBase64: string,
): string {
  // Only the auth API sets TOTP secrets; in-process provisioning (no key at hand) never does.
  if (!secrets) throw new Error("Storing a TOTP secret needs the secrets key");
  return secrets.seal(secretBase64, secretContexts.totpSecret(userId));
}

/** The base64 secret of a stored value (a plain one was stored before encryption at rest). */
export function openTotpSecret(secrets: SecretBox, userId: string, stored: string): string {
  return secrets.open(stored, secretContexts.totpSecret(userId));
}

function totpFor(secretBase64: string): TOTP {
  const bytes = Buffer.from(secretBase64, "base64");
  return new TOTP({
    secret: new Secret({ buffer: new Uint8Array(bytes).buffer }),
    algorithm: "SHA1",
    digits: totpDigits,
    period: totpPeriodSeconds,
  });
}

/** The current code for a secret (tests and the client library's tests compute codes this way). */
export function generateTotpCode(secretBase64: string, at: Date): string {
  return totpFor(secretBase64).generate({ timestamp: at.getTime() });
}

/** The time step a code matches at `at`, or null when it matches none within the window. */
export function findTotpStep(secretBase64: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase64).validate({
    token: code,
    timestamp: at.getTime(),
    window: totpWindow,
  });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds) + delta;
}

/**
 * Records that a user's code of `step` was used; false when that step (or a later one) was already
 * used. One conditional update, so two concurrent sign-ins with the same code cannot both pass.
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}
