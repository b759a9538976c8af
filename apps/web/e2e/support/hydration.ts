/**
 * @module
 * Waits for a public page's JavaScript. Public pages load no framework, only their inline script
 * (site-enhancements.browser.ts, decision 023), which marks `<html data-enhanced>` once it has
 * set up the page. Steps that need a page's JavaScript (scroll state, hover, filtering in place,
 * lazy images, sending the contact form in place) wait for this first.
 */
import type { Page } from "playwright-core";

/** Resolves once a public page's script has set the page up. */
export async function waitForPageScript(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
}
