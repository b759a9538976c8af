/**
 * @module
 * The role of a site admin (issue 34, item 4; decision 032), read per request from the user's
 * record in the site's auth project (`client_read_only_metadata.role`, `siteRoleOf`). It comes
 * from the auth platform's user cache (decision 021), the same one the auth API answers from:
 * the users screen's role change goes through this process's auth API, whose own-writes
 * middleware forgets the project's users before it answers, so the very next request of the
 * demoted user here sees the new role; other processes forget the user when the database
 * announces the change (a trigger on `auth.users`, at commit), and read the database while they
 * are not listening.
 */
import { type SiteRole, siteRoleOf } from "@heritage/content";

/** The role of a user of the site's project, or null when the project has no such user. */
export type SiteRoleReader = (userId: string) => Promise<SiteRole | null>;

/** What the reader needs of the auth platform's user cache (`AuthApi.users`). */
export interface SiteUserSource {
  findUser(
    projectId: string,
    userId: string,
  ): Promise<{ row: { clientReadOnlyMetadata: unknown } } | null>;
}

export function createSiteRoleReader(deps: {
  users: SiteUserSource;
  siteProjectId: string;
}): SiteRoleReader {
  return async (userId) => {
    const user = await deps.users.findUser(deps.siteProjectId, userId);
    return user ? siteRoleOf(user.row.clientReadOnlyMetadata) : null;
  };
}
