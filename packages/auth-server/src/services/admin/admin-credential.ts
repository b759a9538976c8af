/**
 * What made a request a project's admin, and whether it still would. Things an admin hands out
 * for later use (webhook management tokens) remember the credential and are good only while it
 * is: an owner removed from the project's owner team, or an admin key revoked, takes their tokens
 * with them (issue 28).
 * @module
 */
import type { Database } from "@heritage/db";
import { isLiveProjectKeyDigest } from "../projects/project-keys";
import { internalProjectId } from "../projects/projects";
import { isTeamMember } from "../teams/teams";

/**
 * The project's admin key (its digest), a dashboard user of the project's owner team (an admin
 * access token), or the development override key (its digest: an admin key of the internal
 * project).
 */
export type AdminCredential =
  | { kind: "admin-key"; keyDigest: string }
  | { kind: "owner"; userId: string }
  | { kind: "override-key"; keyDigest: string };

export async function isAdminCredentialLive(
  db: Database,
  project: { id: string; ownerTeamId: string | null },
  credential: AdminCredential,
  now: Date,
): Promise<boolean> {
  switch (credential.kind) {
    case "admin-key":
      return isLiveProjectKeyDigest(
        db,
        project.id,
        "super_secret_admin_key",
        credential.keyDigest,
        now,
      );
    case "override-key":
      return isLiveProjectKeyDigest(
        db,
        internalProjectId,
        "super_secret_admin_key",
        credential.keyDigest,
        now,
      );
    case "owner":
      // A deleted user's memberships go with it.
      return (
        project.ownerTeamId !== null &&
        isTeamMember(db, internalProjectId, project.ownerTeamId, credential.userId)
      );
  }
}

/** The credential as two text columns, and back (null: not one this server wrote). */
export function credentialColumns(credential: AdminCredential): { kind: string; ref: string } {
  return {
    kind: credential.kind,
    ref: credential.kind === "owner" ? credential.userId : credential.keyDigest,
  };
}

export function credentialFromColumns(
  kind: string | null,
  ref: string | null,
): AdminCredential | null {
  if (ref === null) return null;
  if (kind === "owner") return { kind, userId: ref };
  if (kind === "admin-key" || kind === "override-key") return { kind, keyDigest: ref };
  return null;
}
