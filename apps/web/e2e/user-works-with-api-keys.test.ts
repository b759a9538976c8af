/**
 * A user creates an API key in the account settings (its value shown once, with a button that
 * copies it), sees it listed without the value, and revokes it; over HTTP the key is accepted
 * before and refused after (POST /user-api-keys/check, contract §2.12). Each form is driven by
 * keyboard and every state passes axe (auth-platform spec sections 3 and 4; issue 7).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/test-server";
import { pressOn, tabTo } from "./support/user-works-keyboard";
import {
  openSiteProjectApi,
  overrideSiteProjectConfig,
  type SiteProjectApi,
} from "./support/user-works-site-project";

const user = { email: "key.holder@example.org", password: "keys-horse-battery" };
const description = "Nightly backup";

async function isFocused(control: ReturnType<Page["getByRole"]>): Promise<boolean> {
  return control.evaluate((element) => element === document.activeElement);
}

describe.skipIf(!hasChromium)("a user works with API keys", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let api: SiteProjectApi;
  let userId: string;
  let keyValue: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: user.email, ADMIN_PASSWORD: user.password }),
      launchBrowser(),
    ]);
    api = await openSiteProjectApi(server);
    await overrideSiteProjectConfig(api, { "apiKeys.enabled.user": true });
    const listed = (await (await api.request("/users")).json()) as {
      items: { id: string; primary_email: string }[];
    };
    const found = listed.items.find((item) => item.primary_email === user.email);
    if (!found) throw new Error(`${user.email} is not a user of the site's project`);
    userId = found.id;
    ({ context, page, errors } = await newAdminPage(browser));
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const keys = () => page.getByRole("region", { name: "API keys" });
  const check = (apiKey: string) =>
    api.request("/user-api-keys/check", { method: "POST", body: { api_key: apiKey } });

  it("creates a key by keyboard, after the form's errors, and copies its value", async () => {
    await page.goto(`${server.url}/handler/sign-in`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/admin`);

    await page.goto(`${server.url}/handler/account-settings`);
    await keys().getByText("You have no API keys.").waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings, no API keys");

    const describeField = keys().getByLabel("Key description");
    const daysField = keys().getByLabel("Expires after (days)");
    await tabTo(page, describeField);
    await page.keyboard.press("Tab");
    expect(await isFocused(daysField)).toBe(true);
    await page.keyboard.type("ten");
    await page.keyboard.press("Enter");
    await keys().getByText("Please describe what the key is for.").waitFor();
    await keys()
      .getByText("Please enter a whole number of days from 1 to 3650, or leave it empty.")
      .waitFor();
    expect(await describeField.getAttribute("aria-invalid")).toBe("true");
    expect(await daysField.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page, "/handler/account-settings, API key form errors");

    await describeField.focus();
    await page.keyboard.type(description);
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("30");
    await page.keyboard.press("Tab");
    expect(await isFocused(keys().getByRole("button", { name: "Create API key" }))).toBe(true);
    await page.keyboard.press("Enter");

    const shown = keys().locator("[data-new-api-key]");
    await shown.waitFor();
    keyValue = (await shown.textContent()) ?? "";
    expect(keyValue).toMatch(/^sk_/);
    await keys().getByText("copy it now: it is shown only once").waitFor();
    const row = keys().getByRole("listitem").filter({ hasText: description });
    const lastFour = keyValue.slice(-4);
    expect(await row.textContent()).toMatch(
      new RegExp(
        `^${description} \\(ending ${lastFour}, expires [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)`,
      ),
    );
    expect(await row.textContent()).not.toContain(keyValue);
    await expectNoAxeViolations(page, "/handler/account-settings, new API key shown");

    const copy = keys().getByRole("button", { name: "Copy key" });
    await pressOn(page, copy, "Enter");
    await keys().getByText("Copied to the clipboard.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(keyValue);
  });

  it("the key works over HTTP; the page never shows its value again", async () => {
    const accepted = await check(keyValue);
    expect(accepted.status).toBe(200);
    const body = (await accepted.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ description, type: "user", user_id: userId, is_public: false });
    expect(body).not.toHaveProperty("manually_revoked_at_millis");

    await page.reload();
    await keys().getByRole("listitem").filter({ hasText: description }).waitFor();
    expect(await page.content()).not.toContain(keyValue);
    expect(await keys().locator("[data-new-api-key]").count()).toBe(0);
  });

  it("revokes the key by keyboard; it is refused afterwards", async () => {
    const revoke = keys().getByRole("button", { name: `Revoke ${description}` });
    await pressOn(page, revoke, "Space");
    const row = keys().getByRole("listitem").filter({ hasText: description });
    await row.filter({ hasText: `(ending ${keyValue.slice(-4)}, revoked)` }).waitFor();
    expect(await revoke.count()).toBe(0);
    await expectNoAxeViolations(page, "/handler/account-settings, revoked API key");

    const refused = await check(keyValue);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-stack-known-error")).toBe("API_KEY_REVOKED");

    // A key that never existed is not found, which tells the two refusals apart.
    const unknown = await check(`${keyValue.slice(0, -12)}000000000000`);
    expect(unknown.status).toBe(404);

    await page.reload();
    await row.filter({ hasText: "revoked" }).waitFor();
    expect(errors).toEqual([]);
  });
});
