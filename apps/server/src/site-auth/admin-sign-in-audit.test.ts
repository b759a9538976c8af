/**
 * The site's admins signing in, and failed attempts, reach its audit log with who and which
 * address; other projects' users do not (issue 29).
 */
import { contentTables } from "@heritage/content";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteTestContext, type SiteTestContext } from "../testing/content-api-harness";
import { adminSignInAudit } from "./admin-sign-in-audit";

let context: SiteTestContext;
beforeAll(async () => {
  context = await createSiteTestContext();
}, 60_000);
afterAll(() => context.close());

describe("adminSignInAudit", () => {
  it("records the site's sign-ins and failed attempts, and nothing of other projects", async () => {
    const audit = adminSignInAudit(context.db, context.siteProjectId);
    await audit.signedIn?.({
      projectId: context.siteProjectId,
      userId: context.admin.userId,
      ip: "203.0.113.9",
      isNewUser: false,
    });
    await audit.signInFailed?.({
      projectId: context.siteProjectId,
      email: "guess@example.com",
      ip: "203.0.113.9",
      reason: "wrong_password",
    });
    await audit.signedIn?.({
      projectId: "another-project",
      userId: context.outsider.userId,
      ip: null,
      isNewUser: false,
    });
    const entries = await context.db
      .select()
      .from(contentTables.auditLog)
      .orderBy(asc(contentTables.auditLog.at));
    expect(
      entries.map(({ action, actor_id, actor_name, summary }) => ({
        action,
        actor_id,
        actor_name,
        summary,
      })),
    ).toEqual([
      {
        action: "admin.sign_in",
        actor_id: context.admin.userId,
        actor_name: context.admin.email,
        summary: context.admin.email,
      },
      {
        action: "admin.sign_in_failed",
        actor_id: null,
        actor_name: null,
        summary: "guess@example.com",
      },
    ]);
    // No client address is kept.
    expect(JSON.stringify(entries)).not.toContain("203.0.113.9");
  });
});
