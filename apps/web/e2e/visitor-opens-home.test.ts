import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { startTestServer, type TestServer } from "./test-server";

describe.skipIf(!hasChromium)("a visitor opens the home page", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("renders the server-side page and hydrates it without script errors", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first().textContent()).resolves.toBeTruthy();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});
