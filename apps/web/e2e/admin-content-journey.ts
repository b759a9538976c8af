/**
 * @module
 * Shared steps of the admin content journeys: a server with a bootstrap admin and the default
 * content, and a browser context signed in through /login; the notices and the axe-core audit
 * are those of the sign-in journeys (admin-auth-journey.ts).
 */
import { seedDefaultContent } from "@heritage/content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signIn } from "./admin-auth-journey";
import { newContext, recordErrors } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

// The notices and the audit are the sign-in journeys' own steps.
export { dismissNotices, expectNoAxeViolations, expectNotice } from "./admin-auth-journey";

export const admin = { email: "content.admin@example.org", password: "correct-horse-battery" };

export async function startAdminServer(): Promise<TestServer> {
  const server = await startTestServer({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  await seedDefaultContent(server.running.database.db);
  return server;
}

/** A signed-in browser context: /login with the bootstrap admin, then /admin. */
export async function signedInContext(
  browser: Browser,
  server: TestServer,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = recordErrors(page);
  await signIn(page, server, admin);
  return { context, page, errors };
}
