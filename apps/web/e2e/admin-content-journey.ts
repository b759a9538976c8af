/**
 * @module
 * Shared steps of the admin content journeys: a server with a bootstrap admin and the default
 * content, signing in through /login, an axe-core audit of the signed-in page (injected through
 * the DevTools protocol, so the page's CSP stays enforced) and the notices shown.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { seedDefaultContent } from "@heritage/content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

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
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${server.url}/admin`);
  return { context, page, errors };
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; help: string; nodes: { target: unknown }[] };

/** Runs axe-core on the page as it is now (dialogs open included). */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run();
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  });
  expect(violations, `axe violations on ${what}: ${JSON.stringify(violations)}`).toEqual([]);
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
    ))
      button.click();
  });
  await page
    .locator("[data-sonner-toast]")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => undefined);
}
