/**
 * @module
 * The signed-in admin user's role (decision 032), as their own user record reads it
 * (`client_read_only_metadata.role`, no role: admin). Screens use it to hide or disable what the
 * server would refuse an editor; the server's check at each write is what counts.
 */
import { type SiteRole, siteRoleOf } from "@heritage/content";
import { useAdminUser } from "./use-admin-user";

export function useAdminRole(): SiteRole {
  return siteRoleOf(useAdminUser().clientReadOnlyMetadata);
}
