/**
 * @module
 * Launches the system Chromium for browser journeys (never a downloaded browser). When none is
 * installed, `hasChromium` is false and journeys skip themselves; `npm test` says so loudly.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export const chromiumPath = candidates.find((path): path is string => !!path && existsSync(path));
export const hasChromium = chromiumPath !== undefined;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error("No Chromium found: apt-get install -y chromium");
  return chromium.launch({
    executablePath: chromiumPath,
    // Playwright waits 180 s by default, as long as the journeys' hooks: fail first, saying so.
    timeout: 60_000,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
