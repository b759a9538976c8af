/**
 * @module
 * Shared steps of the public-site journeys: an accessibility audit with axe-core, a recorder of
 * script errors (CSP violations included), and the seeded content the journeys read.
 */
import { createRequire } from "node:module";
import { seedDefaultContent } from "@heritage/content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { TestServer } from "./test-server";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
};

/**
 * Runs axe-core on `url` in its own context. The site's CSP (rightly) refuses injected inline
 * scripts, so this context bypasses CSP; the journeys' other pages keep it enforced.
 */
export async function expectNoAxeViolations(
  browser: Browser,
  url: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<void> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run();
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => JSON.stringify(node.target)),
      }));
    });
    expect(violations, `axe violations on ${url}`).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Collects page errors and console errors (a CSP violation is one) of a page. */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Seeds the default content (what the server does on first start), idempotently. */
export async function seedContent(server: TestServer): Promise<void> {
  await seedDefaultContent(server.running.database.db);
}

export async function newContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
}
