/**
 * @module
 * Waits for a public page to hydrate. The site holds its scripts back until the first paint
 * (up to a few seconds on a busy machine), so "network idle" can come before React runs; steps
 * that need the page's JavaScript (scroll state, hover, one-open accordion, client navigation)
 * wait for this first.
 */
import type { Page } from "playwright-core";

/** Resolves once React has hydrated the page's header (its DOM node carries React's fiber). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector("header");
    return !!header && Object.keys(header).some((key) => key.startsWith("__reactFiber$"));
  });
}
