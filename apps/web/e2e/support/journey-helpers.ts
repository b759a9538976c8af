/**
 * @module
 * Shared steps of the public-site journeys: an accessibility audit with axe-core, a recorder of
 * script errors (CSP violations included), and the seeded content the journeys read.
 */
import { seedDefaultContent } from "@heritage/content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { collectAxeViolations } from "./axe-audit";
import { auditsAccessibility } from "./engines";
import type { TestServer } from "./test-server";

/**
 * Runs axe-core on `url` in its own, fresh context (bypassing CSP, so nothing the page loads is
 * refused on the audit's account); the journeys' other pages keep it enforced.
 */
export async function expectNoAxeViolations(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<void> {
  if (!auditsAccessibility) return;
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    const violations = await collectAxeViolations(page);
    expect(violations, `axe violations on ${url}`).toEqual([]);
  } finally {
    await context.close();
  }
}

/**
 * Collects page errors and console errors (a CSP violation is one) of a page, but for the
 * console errors `isExpected` accepts.
 */
export function recordErrors(
  page: Page,
  isExpected: (consoleError: string) => boolean = () => false,
): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !isExpected(message.text())) errors.push(message.text());
  });
  return errors;
}

/** Seeds the default content (what the server does on first start), idempotently. */
export async function seedContent(server: TestServer): Promise<void> {
  await setUpBehindTheServer(server, () => seedDefaultContent(server.running.database.db));
}

/**
 * Writes a journey's own data straight into the server's database (`write`), then waits until the
 * server heard of it, as seedContent does: setting the scene, not checking the announcement.
 * A journey whose subject is the announcement itself declares `dependsOnEngine("announcements")`.
 */
export async function setUpBehindTheServer(
  server: TestServer,
  write: () => Promise<unknown>,
): Promise<void> {
  await write();
  await server.contentChangesHeard();
}

export async function newContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
}
