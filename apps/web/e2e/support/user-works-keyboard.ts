/**
 * @module
 * Keyboard steps of the journeys of the site project's users: a control is reached by pressing
 * Tab, as a keyboard user would, so one that is out of the tab order (or hidden from it) fails
 * the journey, and then pressed with Enter or Space.
 */
import type { Locator, Page } from "playwright-core";

async function isFocused(control: Locator): Promise<boolean> {
  return control.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `control` has the focus; fails when it is not reached within `maxPresses`. */
export async function tabTo(page: Page, control: Locator, maxPresses = 80): Promise<void> {
  await control.waitFor();
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(control)) return;
    await page.keyboard.press("Tab");
  }
  if (await isFocused(control)) return;
  throw new Error(`${control} was not reached with ${maxPresses} presses of Tab`);
}

/** Tabs to `control` and presses `key` on it (Enter or Space). */
export async function pressOn(page: Page, control: Locator, key: "Enter" | "Space") {
  await tabTo(page, control);
  await page.keyboard.press(key);
}
