/**
 * @module
 * The site's admins signing in, and failed attempts, in the audit log (issue 29). The auth
 * platform serves many projects; only the site's own project is its admins. No address of the
 * client is kept: who and when is what the editors' log is for.
 */
import { type AuthEvents, findUserLabel } from "@heritage/auth-server";
import { recordAuditEntry } from "@heritage/content";
import type { Database } from "@heritage/db";

export function adminSignInAudit(db: Database, siteProjectId: string): AuthEvents {
  return {
    async signedIn(event) {
      if (event.projectId !== siteProjectId) return;
      const name = await findUserLabel(db, siteProjectId, event.userId);
      await recordAuditEntry(db, {
        actor: { id: event.userId, name },
        action: "admin.sign_in",
        target: { type: "user", id: event.userId, summary: name },
      });
    },
    async signInFailed(event) {
      if (event.projectId !== siteProjectId) return;
      await recordAuditEntry(db, {
        actor: null,
        action: "admin.sign_in_failed",
        target: { type: "user", summary: event.email },
        details: {
          reason: event.reason === "wrong_password" ? "Wrong e-mail or password" : event.reason,
        },
      });
    },
  };
}
