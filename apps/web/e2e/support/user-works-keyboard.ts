/**
 * @module
 * Keyboard steps of the journeys of the site project's users: a control is reached by pressing
 * Tab, as a keyboard user would, so one that is out of the tab order (or hidden from it) fails
 * the journey, and then pressed with Enter or Space.
 */
import type { Locator, Page } from "playwright-core";

/**
 * Presses Tab until `control` has the focus; fails when it is not reached within `maxPresses`.
 * The element is found once, not at every press: a role locator found anew worked out the
 * accessible name of every candidate on the page each time (decision 048). Should the page
 * replace the element meanwhile, it is found again.
 */
export async function tabTo(page: Page, control: Locator, maxPresses = 80): Promise<void> {
  await control.waitFor();
  let element = await control.elementHandle();
  try {
    for (let presses = 0; ; presses++) {
      const focused = await element.evaluate((node) =>
        node.isConnected ? node === document.activeElement : null,
      );
      if (focused === true) return;
      if (focused === null) {
        await element.dispose();
        element = await control.elementHandle();
        if (await element.evaluate((node) => node === document.activeElement)) return;
      }
      if (presses === maxPresses) break;
      await page.keyboard.press("Tab");
    }
  } finally {
    await element.dispose();
  }
  throw new Error(`${control} was not reached with ${maxPresses} presses of Tab`);
}

/** Tabs to `control` and presses `key` on it (Enter or Space). */
export async function pressOn(page: Page, control: Locator, key: "Enter" | "Space") {
  await tabTo(page, control);
  await page.keyboard.press(key);
}
