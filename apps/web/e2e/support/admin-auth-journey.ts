/**
 * @module
 * Shared steps of the sign-in and user-management journeys: a server (with or without a
 * bootstrap admin), signing in through /login, notices (Sonner toasts) and an axe-core audit
 * injected through the DevTools protocol (the page's CSP stays enforced).
 */
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

/** A notice (Sonner toast) as the user reads it: its title and its text, if any. */
export interface Notice {
  title: string;
  description: string | null;
}

/** The notices on screen now (those closing are left out). */
export async function readNotices(page: Page): Promise<Notice[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("[data-sonner-toast]:not([data-removed='true'])")].map(
      (toast) => ({
        title: toast.querySelector("[data-title]")?.textContent ?? "",
        description: toast.querySelector("[data-description]")?.textContent ?? null,
      }),
    ),
  );
}

/**
 * Waits for a notice with exactly this title and exactly this text (no text when `description`
 * is left out): a notice whose words drift from the spec's fails, and the failure lists the
 * notices that were shown instead.
 */
export async function expectNotice(page: Page, title: string, description?: string): Promise<void> {
  const wanted: Notice = { title, description: description ?? null };
  // Every notice seen meanwhile, for the failure message (a notice may close before the end).
  const seen = new Set<string>();
  try {
    await expect
      .poll(
        async () => {
          const notices = await readNotices(page);
          for (const notice of notices) seen.add(JSON.stringify(notice));
          return notices;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toContainEqual(wanted);
  } catch (error) {
    throw new Error(`No notice ${JSON.stringify(wanted)}; seen: [${[...seen].join(", ")}]`, {
      cause: error,
    });
  }
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

/** The site's auth project (id and keys) of the running server. */
export async function readSiteAuthKeys(server: TestServer): Promise<{
  projectId: string;
  publishableClientKey: string;
  secretServerKey: string;
}> {
  // The running server's own view: the stored setting keeps the secret key encrypted.
  const { projectId, publishableClientKey, secretServerKey } = server.running.siteAuth;
  return { projectId, publishableClientKey, secretServerKey };
}
