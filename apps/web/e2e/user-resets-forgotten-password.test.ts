/**
 * An admin who forgot their password asks for a reset link on /handler/forgot-password (by
 * keyboard), takes it from the platform's outbox (no SMTP server here), sets a new password on
 * /handler/password-reset and signs in with it; then adds and verifies an e-mail in the account
 * settings. Every handler page passes axe in the states reached here (auth-platform spec,
 * sections 2, 4 and 5). A visitor whose browser reads German gets /login, the handler pages and
 * the reset mail in German, and switches to Bosnian (issue 33, item 1).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { newContext } from "./support/journey-helpers";
import { startTestServer, type TestServer } from "./support/test-server";

const admin = { email: "forgetful.admin@example.org", password: "first-horse-battery" };
const newPassword = "second-horse-battery";

/** The newest link with a code mailed to `to` whose subject contains `subject`. */
async function readLinkFromOutbox(server: TestServer, to: string, subject: string) {
  const result = await server.running.database.db.execute(
    `select subject, text from auth.email_outbox where "to" = '${to}' order by sequence desc`,
  );
  const mail = (result.rows as { subject: string; text: string }[]).find((row) =>
    row.subject.includes(subject),
  );
  const link = mail?.text.match(/https?:\/\/\S+?[?&]code=[a-z0-9]+/i)?.[0];
  if (!link) throw new Error(`No e-mail to ${to} about "${subject}" with a link`);
  return link;
}

describe.skipIf(!hasChromium)("an admin resets a forgotten password", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      launchBrowser(),
    ]);
    ({ page, errors } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("finds the way from /login, asks for a reset link by keyboard, with the field's error first", async () => {
    // The admin's sign-in page offers the platform's reset flow (issue 19).
    await page.goto(`${server.url}/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${server.url}/handler/forgot-password`);
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await expectNoAxeViolations(page, "/handler/forgot-password");

    const email = page.getByLabel("Email");
    await email.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Please enter your e-mail address.").waitFor();
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page, "/handler/forgot-password with an error");

    await page.keyboard.type(admin.email);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
    await page.getByText(`If an account signs in with ${admin.email}`).waitFor();
    await expectNoAxeViolations(page, "/handler/forgot-password, sent");
  });

  it("opens the mailed link, keeps to the length rules and resets the password", async () => {
    const link = await readLinkFromOutbox(server, admin.email, "Reset your password");
    expect(link.startsWith(`${server.url}/handler/password-reset?code=`)).toBe(true);
    await page.goto(link);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await expectNoAxeViolations(page, "/handler/password-reset");

    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat new password").fill("short");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Password too short. Minimum length is 8.").waitFor();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat new password").fill(`${newPassword}!`);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Passwords do not match.").waitFor();
    await page.getByLabel("Repeat new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    await expectNoAxeViolations(page, "/handler/password-reset, done");

    // The link works once.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByRole("heading", { name: "Link already used" }).waitFor();
    await expectNoAxeViolations(again, "/handler/password-reset, used link");
    await again.close();
  });

  it("signs in with the new password, not the old one", async () => {
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/handler/sign-in`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." }).waitFor();
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${admin.email}`).waitFor();
  });

  it("adds an e-mail in the account settings and verifies it from the mailed link", async () => {
    await page.goto(`${server.url}/handler/account-settings`);
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await page.getByText(`${admin.email} (Primary, Verified, Used for sign-in)`).waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings");

    await page.getByLabel("Add an e-mail").fill("second.address@example.org");
    await page.getByRole("button", { name: "Add e-mail" }).click();
    await page.getByText("second.address@example.org (Not verified)").waitFor();
    await page
      .getByRole("button", { name: "Send verification link to second.address@example.org" })
      .click();
    await page
      .getByText("A verification link has been sent to second.address@example.org.")
      .waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings with two e-mails");

    const link = await readLinkFromOutbox(server, "second.address@example.org", "Verify");
    expect(link.startsWith(`${server.url}/handler/email-verification?code=`)).toBe(true);
    await page.goto(link);
    await page.getByRole("heading", { name: "E-mail verified" }).waitFor();
    await expectNoAxeViolations(page, "/handler/email-verification");
    await page.goto(link);
    await page.getByRole("heading", { name: "Link already used" }).waitFor();

    await page.goto(`${server.url}/handler/account-settings`);
    await page.getByText("second.address@example.org (Verified)").waitFor();
    await page.getByRole("heading", { name: "Sessions" }).waitFor();
    await page.getByText("(this session)").waitFor();
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await page.getByLabel("Code from your app").waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings, turning on two-factor");
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  it("the other handler pages pass axe too", async () => {
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/handler/sign-up`);
    await page.getByText("Sign-up is not enabled for this project").waitFor();
    await expectNoAxeViolations(page, "/handler/sign-up");
    await page.goto(`${server.url}/handler/password-reset`);
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    await expectNoAxeViolations(page, "/handler/password-reset without a code");
    await page.goto(`${server.url}/handler/team-invitation?code=${"x".repeat(45)}`);
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    await expectNoAxeViolations(page, "/handler/team-invitation, signed out");
    await page.goto(`${server.url}/handler/mfa`);
    await page.getByText("There is no sign-in waiting for a second factor.").waitFor();
    await expectNoAxeViolations(page, "/handler/mfa without a sign-in");
    await page.goto(`${server.url}/handler/oauth-callback`);
    await page.getByText("There is no sign-in to finish here.").waitFor();
    await expectNoAxeViolations(page, "/handler/oauth-callback without a flow");
    await page.goto(`${server.url}/handler/magic-link-callback?code=${"x".repeat(45)}`);
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    await expectNoAxeViolations(page, "/handler/magic-link-callback with an unknown code");
    await page.goto(`${server.url}/handler/email-verification?code=${"x".repeat(45)}`);
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    await expectNoAxeViolations(page, "/handler/email-verification with an unknown code");
    await page.goto(`${server.url}/handler/error?errorCode=INVALID_OAUTH_STATE&message=Try+again.`);
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Try again." }).waitFor();
    await page.getByText("Error code: INVALID_OAUTH_STATE").waitFor();
    await expectNoAxeViolations(page, "/handler/error");
    await page.goto(`${server.url}/handler/error`);
    await page.getByRole("alert").filter({ hasText: "An unknown error occurred." }).waitFor();
    await expectNoAxeViolations(page, "/handler/error without details");
    await page.goto(`${server.url}/handler/sign-in`);
    await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in");
    // Used and unknown links are answered 409 and 404, which the browser logs; nothing else may be.
    expect(errors.filter((error) => !/status of (404|409)/.test(error))).toEqual([]);
  });

  it("opens sign-in in the browser's language, mails the reset link in it, and keeps a language chosen on the page", async () => {
    const context = await newContext(browser, { locale: "de-DE" });
    const german = await context.newPage();
    /** No English word of the handler pages is left on the page. */
    const expectNoEnglish = async () =>
      expect(await german.locator("body").innerText()).not.toMatch(
        /\b(password|sign|email|reset|send|check|your|new|account)\b/i,
      );
    await german.goto(`${server.url}/login`);
    await german.waitForURL(`${server.url}/de/login`);
    await german.getByRole("heading", { name: "Anmeldung zur Verwaltung" }).waitFor();
    await expect(german.locator("html").getAttribute("lang")).resolves.toBe("de");
    await expect(german.title()).resolves.toBe("Anmeldung zur Verwaltung | Heritage");
    await expectNoEnglish();
    await german.getByRole("link", { name: "Passwort vergessen?" }).click();
    await german.waitForURL(`${server.url}/de/handler/forgot-password`);
    await german.getByRole("heading", { name: "Passwort zurücksetzen" }).waitFor();
    await expect(german.title()).resolves.toBe("Konto | Heritage");
    await german.getByLabel("E-Mail").fill(admin.email);
    await german.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click();
    await german.getByRole("heading", { name: "Prüfen Sie Ihr E-Mail-Postfach" }).waitFor();
    await expectNoEnglish();
    await expectNoAxeViolations(german, "/de/handler/forgot-password, sent");

    // The mail is German and leads back to the German page.
    const link = await readLinkFromOutbox(server, admin.email, "Passwort zurücksetzen bei");
    expect(link.startsWith(`${server.url}/de/handler/password-reset?code=`)).toBe(true);
    await german.goto(link);
    await german.getByRole("heading", { name: "Neues Passwort festlegen" }).waitFor();
    await expectNoEnglish();

    // Bosnian from the page's language links, on a phone; the choice outlasts the browser's German.
    await german.setViewportSize({ width: 375, height: 740 });
    await german.getByRole("link", { name: "Bosanski" }).click();
    await german.waitForURL(/\/bs\/handler\/password-reset\?code=/);
    await german.getByRole("heading", { name: "Postavite novu lozinku" }).waitFor();
    await expect(german.locator("html").getAttribute("lang")).resolves.toBe("bs");
    await expectNoAxeViolations(german, "/bs/handler/password-reset");
    await german.goto(`${server.url}/login`);
    await german.waitForURL(`${server.url}/bs/login`);
    await german.getByRole("heading", { name: "Prijava za administratore" }).waitFor();
    await expectNoAxeViolations(german, "/bs/login at 375 px");
    // The language links sit above the card, never over it.
    const links = await german.getByRole("navigation", { name: "Jezik" }).boundingBox();
    const card = await german
      .getByRole("heading", { name: "Prijava za administratore" })
      .boundingBox();
    expect((links?.y ?? 0) + (links?.height ?? 0)).toBeLessThanOrEqual(card?.y ?? 0);
    await context.close();
  });
});
