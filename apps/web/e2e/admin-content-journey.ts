/**
 * @module
 * Shared steps of the admin content journeys: a server with a bootstrap admin and the default
 * content, and a browser context signed in through /login; the notices and the axe-core audit
 * are those of the sign-in journeys (admin-auth-journey.ts).
 */
import { seedDefaultContent } from "@heritage/content";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
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

/** What a screen reports when the content API failed as {@link failContentApi} makes it fail. */
export const contentApiFailure = "HTTP 500: Internal Server Error - The database is unavailable";

/**
 * Makes the content API's `api-{table}` answer this page's `method` requests with an HTTP 500
 * (as when its database is down), until the returned function is called. Other calls go through.
 */
export async function failContentApi(
  page: Page,
  table: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
): Promise<() => Promise<void>> {
  const isTable = (url: URL) => url.pathname === `/functions/api-${table}`;
  const fail = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ data: null, error: { message: "The database is unavailable" } }),
    });
  };
  await page.route(isTable, fail);
  return () => page.unroute(isTable, fail);
}
