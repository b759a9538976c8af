/**
 * @module
 * Shared steps of the admin content journeys: the bootstrap admin they sign in as (the server,
 * browser and signed-in session they share are site-journeys.ts's), and a content API made to
 * fail; the notices and the axe-core audit are those of the sign-in journeys (admin-auth-journey.ts).
 */
import type { Page, Route } from "playwright-core";

// The notices and the audit are the sign-in journeys' own steps.
export {
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  submitSignIn,
} from "./admin-auth-journey";

export const admin = { email: "content.admin@example.org", password: "correct-horse-battery" };

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
