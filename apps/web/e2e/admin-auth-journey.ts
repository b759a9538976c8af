/**
 * @module
 * Shared steps of the sign-in and user-management journeys: a server (with or without a
 * bootstrap admin), signing in through /login, notices (Sonner toasts) and an axe-core audit
 * injected through the DevTools protocol (the page's CSP stays enforced).
 */
import { getSiteSetting } from "@heritage/content";
import { SITE_AUTH_PROJECT_SETTING } from "@heritage/server/site-auth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { collectAxeViolations } from "./axe-audit";
import { newContext, recordErrors } from "./journey-helpers";
import type { TestServer } from "./test-server";

export interface Credentials {
  email: string;
  password: string;
}

export async function newAdminPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  // A wrong password is a 400 from the auth API; the browser logs every failed request.
  const errors = recordErrors(page, (text) => text.includes("status of 400"));
  return { context, page, errors };
}

/** Fills and sends the /login form (the page must show it). */
export async function submitSignIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signIn(page: Page, server: TestServer, user: Credentials): Promise<void> {
  await page.goto(`${server.url}/login`);
  await submitSignIn(page, user);
  await page.waitForURL(`${server.url}/admin`);
}

/** Waits for a notice (Sonner toast) containing all the given texts. */
export async function expectNotice(page: Page, ...texts: string[]): Promise<void> {
  let toast = page.locator("[data-sonner-toast]");
  for (const text of texts) toast = toast.filter({ hasText: text });
  await toast.first().waitFor({ state: "visible", timeout: 10_000 });
}

/** Closes every notice, so the next step's notice is unambiguous. */
export async function dismissNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      "[data-sonner-toast] [data-close-button]",
    )) {
      button.click();
    }
  });
  // A notice that closes by itself meanwhile is just as gone.
  await page
    .locator("[data-sonner-toast]")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => undefined);
}

/** Runs axe-core on the page as it is now (open dialogs included). */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await collectAxeViolations(page);
  expect(violations, `axe violations on ${what}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** The robots meta tag of the page. */
export async function robotsMeta(page: Page): Promise<string | null> {
  return page.locator('meta[name="robots"]').first().getAttribute("content");
}

/** The site's auth project as the server stored it on first start (content's site settings). */
export async function readSiteAuthKeys(server: TestServer): Promise<{
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
}> {
  const stored = (await getSiteSetting(server.running.database.db, SITE_AUTH_PROJECT_SETTING)) as {
    projectId: string;
    publishableClientKey: string;
    secretServerKey: string;
  } | null;
  if (!stored) throw new Error("The site's auth project is not stored");
  return stored;
}
