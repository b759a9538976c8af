/**
 * Tokens of the webhook endpoint-management API, handed out by `POST /webhooks/svix-token` (where the
 * reference hands out a Svix app-portal token): `whmt_` + 45 random characters, naming one project
 * and valid for an hour. Only their SHA-256 digests are stored (`auth.webhook_management_tokens`),
 * so a token works in every process on the database and survives restarts. A token remembers the
 * admin credential that asked for it and works only while that credential still grants admin
 * access: an owner removed from the owner team, or a revoked admin key, takes its tokens along
 * (issue 28).
 * @module
 */
import type { Database } from "@heritage/db";
import { and, eq, gt, lte } from "drizzle-orm";
import { webhookManagementTokens } from "../../db/schema";
import { findProjectSealed } from "../projects/projects";
import { generateOpaqueToken, hashSecret } from "../secrets/secrets";
import {
  type AdminCredential,
  credentialColumns,
  credentialFromColumns,
  isAdminCredentialLive,
} from "./admin-credential";

const prefix = "whmt_";
export const managementTokenLifetimeMs = 60 * 60 * 1000;

/** Issues a token for the project; expired tokens of every project are purged on the way. */
export async function issueManagementToken(
  db: Database,
  projectId: string,
  issuer: AdminCredential,
  now: Date,
): Promise<string> {
  const token = `${prefix}${generateOpaqueToken()}`;
  const { kind, ref } = credentialColumns(issuer);
  await db.delete(webhookManagementTokens).where(lte(webhookManagementTokens.expiresAt, now));
  await db.insert(webhookManagementTokens).values({
    tokenHash: hashSecret(token),
    projectId,
    issuerKind: kind,
    issuerRef: ref,
    expiresAt: new Date(now.getTime() + managementTokenLifetimeMs),
    createdAt: now,
  });
  return token;
}

/**
 * What a token gives: the project it names (`live`), nothing (`invalid`: unknown, malformed,
 * expired, or its issuer no longer administers the project), or a project deleted since
 * (`project-gone`, which the token's callers answer as a missing project).
 */
export type ManagementTokenReading =
  | { status: "live"; projectId: string }
  | { status: "invalid" }
  | { status: "project-gone"; projectId: string };

export async function readManagementToken(
  db: Database,
  token: string,
  now: Date,
): Promise<ManagementTokenReading> {
  if (!token.startsWith(prefix)) return { status: "invalid" };
  const [row] = await db
    .select({
      projectId: webhookManagementTokens.projectId,
      issuerKind: webhookManagementTokens.issuerKind,
      issuerRef: webhookManagementTokens.issuerRef,
    })
    .from(webhookManagementTokens)
    .where(
      and(
        eq(webhookManagementTokens.tokenHash, hashSecret(token)),
        gt(webhookManagementTokens.expiresAt, now),
      ),
    );
  if (!row) return { status: "invalid" };
  // The token outlives a deleted project (it is not tied to the row).
  const project = await findProjectSealed(db, row.projectId);
  if (!project) return { status: "project-gone", projectId: row.projectId };
  const issuer = credentialFromColumns(row.issuerKind, row.issuerRef);
  if (!issuer || !(await isAdminCredentialLive(db, project, issuer, now))) {
    return { status: "invalid" };
  }
  return { status: "live", projectId: row.projectId };
}
