/**
 * Tokens of the webhook endpoint-management API, handed out by `POST /webhooks/svix-token` (where the
 * reference hands out a Svix app-portal token): `whmt_` + 45 random characters, naming one project
 * and valid for an hour. Only their SHA-256 digests are stored (`auth.webhook_management_tokens`),
 * so a token works in every process on the database and survives restarts.
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, gt, lte } from "drizzle-orm";
import { webhookManagementTokens } from "../../db/schema";
import { generateOpaqueToken, hashSecret } from "../secrets/secrets";

const prefix = "whmt_";
export const managementTokenLifetimeMs = 60 * 60 * 1000;

/** Issues a token for the project; expired tokens of every project are purged on the way. */
export async function issueManagementToken(
  db: Database,
  projectId: string,
  now: Date,
): Promise<string> {
  const token = `${prefix}${generateOpaqueToken()}`;
  await db.delete(webhookManagementTokens).where(lte(webhookManagementTokens.expiresAt, now));
  await db.insert(webhookManagementTokens).values({
    tokenHash: hashSecret(token),
    projectId,
    expiresAt: new Date(now.getTime() + managementTokenLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * The project id a live token names, or null if it is unknown, malformed or expired. The project
 * may since have been deleted: callers check that it still exists.
 */
export async function readManagementToken(
  db: Database,
  token: string,
  now: Date,
): Promise<string | null> {
  if (!token.startsWith(prefix)) return null;
  const [row] = await db
    .select({ projectId: webhookManagementTokens.projectId })
    .from(webhookManagementTokens)
    .where(
      and(
        eq(webhookManagementTokens.tokenHash, hashSecret(token)),
        gt(webhookManagementTokens.expiresAt, now),
      ),
    );
  return row?.projectId ?? null;
}
