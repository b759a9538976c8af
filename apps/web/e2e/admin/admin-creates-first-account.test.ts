/**
 * First run: while the site's project has no user, /login offers "Create the first admin
 * account" once; the new admin is signed in, and afterwards the offer never appears again (the
 * action refuses too).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  newAdminPage,
  submitSignIn,
} from "../support/admin-auth-journey";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

const first = { email: "first.admin@example.org", password: "secret-one", name: "First Admin" };

describe.skipIf(!hasChromium)("the first admin account is created on /login", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    ({ page, errors } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("offers the first admin account while there is no user, checking the fields", async () => {
    await page.goto(`${server.url}/login`);
    await page.getByRole("heading", { name: "Create the first admin account" }).waitFor();
    await expectNoAxeViolations(page, "/login (first run)");
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await expect(
      page.getByLabel("Email").evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
  });

  it("creates the account and signs the new admin in", async () => {
    await page.getByLabel("Display Name").fill(first.name);
    await page.getByLabel("Email").fill(first.email);
    await page.getByLabel("Password").fill(first.password);
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${first.email}`).waitFor();
    await dismissNotices(page);
  });

  it("never offers it again, and the action refuses", async () => {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectNotice(page, "Signed out", "You have been successfully signed out.");
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    await expect(
      page.getByRole("heading", { name: "Create the first admin account" }).count(),
    ).resolves.toBe(0);

    const form = new URLSearchParams({
      intent: "create-first-admin",
      email: "intruder@example.org",
      password: "intruder-password",
      displayName: "",
    });
    const response = await fetch(`${server.url}/login.data`, { method: "POST", body: form });
    expect(await response.text()).toContain("An admin account already exists. Please sign in.");

    // The intruder was not created: only the first admin can sign in.
    await submitSignIn(page, { email: "intruder@example.org", password: "intruder-password" });
    await expectNotice(page, "Authentication Error", "Wrong e-mail or password.");
    await dismissNotices(page);
    await submitSignIn(page, first);
    await page.waitForURL(`${server.url}/admin`);
    expect(errors).toEqual([]);
  });
});
