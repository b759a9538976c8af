/**
 * The stored WebAuthn credentials (`auth.passkey_credentials`): one per user, replaced by a new
 * registration (contract §2.15). `users.passkey_auth_enabled` mirrors whether the row exists.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq } from "drizzle-orm";
import { type PasskeyCredentialRow, passkeyCredentials, users } from "../../db/schema";

export async function findPasskeyCredential(
  db: Database,
  projectId: string,
  credentialId: string,
): Promise<PasskeyCredentialRow | null> {
  const [row] = await db
    .select()
    .from(passkeyCredentials)
    .where(
      and(
        eq(passkeyCredentials.projectId, projectId),
        eq(passkeyCredentials.credentialId, credentialId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Stores a user's passkey in place of the one they had, and marks passkey auth enabled. */
export async function replacePasskeyCredential(
  tx: Database,
  credential: Omit<PasskeyCredentialRow, "createdAt">,
  now: Date,
): Promise<void> {
  await tx.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, credential.userId));
  // A credential id registered to another user of the project (an authenticator re-used) moves here.
  const moved = await tx
    .delete(passkeyCredentials)
    .where(
      and(
        eq(passkeyCredentials.projectId, credential.projectId),
        eq(passkeyCredentials.credentialId, credential.credentialId),
      ),
    )
    .returning({ userId: passkeyCredentials.userId });
  for (const previous of moved) {
    await tx.update(users).set({ passkeyAuthEnabled: false }).where(eq(users.id, previous.userId));
  }
  await tx.insert(passkeyCredentials).values({ ...credential, createdAt: now });
  await tx.update(users).set({ passkeyAuthEnabled: true }).where(eq(users.id, credential.userId));
}

/** Removes a user's passkey; the caller updates `users.passkey_auth_enabled`. */
export async function deletePasskeyCredential(db: Database, userId: string): Promise<void> {
  await db.delete(passkeyCredentials).where(eq(passkeyCredentials.userId, userId));
}

/** Records the authenticator's new signature counter after a sign-in. */
export async function updatePasskeyCounter(
  db: Database,
  credentialRowId: string,
  counter: number,
): Promise<void> {
  await db
    .update(passkeyCredentials)
    .set({ counter })
    .where(eq(passkeyCredentials.id, credentialRowId));
}
