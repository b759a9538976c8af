/**
 * @module
 * Waits for a page's JavaScript. Pages outside the public site (admin, sign-in, /dev) hydrate
 * with React Router; public pages load no framework, only their inline script
 * (site-enhancements.browser.ts, decision 023), which marks `<html data-enhanced>` once it has
 * set up the page. Steps that need a page's JavaScript (scroll state, hover, filtering in place,
 * lazy images, sending the contact form in place) wait for this first.
 */
import type { Page } from "playwright-core";

/** Resolves once React has hydrated the page's header (its DOM node carries React's fiber). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return !!header && Object.keys(header).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Resolves once a public page's script has set the page up. */
export async function waitForPageScript(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
}
