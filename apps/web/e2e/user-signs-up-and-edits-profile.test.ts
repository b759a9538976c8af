/**
 * A visitor signs up on /handler/sign-up (the site's project has sign-up turned on for this
 * journey), keeping to the password rules first; the new user changes their display name and then
 * their password in /handler/account-settings, and only the new password signs them in. A user
 * signs in with an e-mailed link (/handler/magic-link-callback), and a new address signs up with
 * the code of such an e-mail typed on /handler/sign-in. On the real server and database; every
 * page state reached passes axe, and each form is driven by keyboard (auth-platform spec sections
 * 2 and 5, contract §2.4; issue 7).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/test-server";
import { pressOn, tabTo } from "./support/user-works-keyboard";
import {
  createSiteUser,
  openSiteProjectApi,
  overrideSiteProjectConfig,
  readMailFromOutbox,
  type SiteProjectApi,
} from "./support/user-works-site-project";

const newcomer = { email: "new.volunteer@example.org", password: "first-field-horse" };
const newPassword = "second-field-horse";
const linkUser = {
  email: "link.reader@example.org",
  password: "link-reader-horse",
  displayName: "Link Reader",
};

/** An address with no account yet: its code signs it up (sign-up is on). */
const codeNewcomer = "code.newcomer@example.org";

/** Replaces the text of the focused field by `text`, as a keyboard user would. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
}

describe.skipIf(!hasChromium)("a user signs up and edits their profile", () => {
  let server: TestServer;
  let browser: Browser;
  let api: SiteProjectApi;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    api = await openSiteProjectApi(server);
    // The site ships with sign-up off and passwords only (server/site-auth); an operator turns on
    // sign-up and e-mailed sign-in codes.
    await overrideSiteProjectConfig(api, {
      "auth.allowSignUp": true,
      "auth.otp.allowSignIn": true,
    });
    await createSiteUser(api, linkUser);
    // Wrong passwords are answered 400, which the browser logs (newAdminPage accepts only those).
    ({ page, errors } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("signs up by keyboard, keeping to the password rules first", async () => {
    await page.goto(`${server.url}/handler/sign-in`);
    await pressOn(page, page.getByRole("link", { name: "Sign up" }), "Enter");
    await page.waitForURL(`${server.url}/handler/sign-up`);
    await page.getByRole("heading", { name: "Create a new account" }).waitFor();
    await expectNoAxeViolations(page, "/handler/sign-up");

    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const repeat = page.getByLabel("Repeat password");
    await tabTo(page, email);
    await page.keyboard.type(newcomer.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("short");
    await page.keyboard.press("Tab");
    await page.keyboard.type("short");
    await page.keyboard.press("Enter");
    await page.getByText("Password too short. Minimum length is 8.").waitFor();
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    // The focus moves to the field to fix.
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, "/handler/sign-up, password too short");

    await typeOver(page, newcomer.password);
    await page.keyboard.press("Tab");
    await typeOver(page, `${newcomer.password}!`);
    await page.keyboard.press("Enter");
    await page.getByText("Passwords do not match.").waitFor();
    expect(await repeat.getAttribute("aria-invalid")).toBe("true");
    expect(await password.getAttribute("aria-invalid")).toBeNull();
    await expectNoAxeViolations(page, "/handler/sign-up, passwords differ");

    await tabTo(page, repeat);
    await typeOver(page, newcomer.password);
    await pressOn(page, page.getByRole("button", { name: "Sign Up" }), "Space");
    // The after-sign-up URL is the after-sign-in one (apps/web routes/auth/handler.tsx).
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${newcomer.email}`).waitFor();

    // The account exists on the server with that address, waiting for verification.
    const mail = await readMailFromOutbox(server, newcomer.email, "Verify");
    expect(mail.link.startsWith(`${server.url}/handler/email-verification?code=`)).toBe(true);
  });

  it("changes the display name in the account settings, which a reload keeps", async () => {
    await page.goto(`${server.url}/handler/account-settings`);
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    const profile = page.getByRole("region", { name: "Profile" });
    const name = profile.getByLabel("Display name");
    await name.waitFor();
    expect(await name.inputValue()).toBe("");
    await expectNoAxeViolations(page, "/handler/account-settings of a new account");

    await tabTo(page, name);
    await typeOver(page, "Nova Volunteer");
    await page.keyboard.press("Enter");
    await profile.getByText("Your name has been saved.").waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings, name saved");

    await page.reload();
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await profile.getByLabel("Display name").waitFor();
    expect(await profile.getByLabel("Display name").inputValue()).toBe("Nova Volunteer");
    const users = (await (await api.request("/users")).json()) as {
      items: { primary_email: string; display_name: string | null }[];
    };
    const stored = users.items.find((user) => user.primary_email === newcomer.email);
    expect(stored?.display_name).toBe("Nova Volunteer");
  });

  it("changes the password, refusing a wrong current one first", async () => {
    const section = page.getByRole("region", { name: "Password" });
    const current = section.getByLabel("Current password");
    await tabTo(page, current);
    await page.keyboard.type("not-my-password");
    await page.keyboard.press("Tab");
    await page.keyboard.type(newPassword);
    await page.keyboard.press("Tab");
    await page.keyboard.type(newPassword);
    await page.keyboard.press("Enter");
    await section.getByText("The current password is not correct.").waitFor();
    expect(await current.getAttribute("aria-invalid")).toBe("true");
    expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, "/handler/account-settings, wrong current password");

    await typeOver(page, newcomer.password);
    await pressOn(page, section.getByRole("button", { name: "Change password" }), "Enter");
    await section.getByText("Your password has been changed.").waitFor();
    expect(await current.inputValue()).toBe("");
    await expectNoAxeViolations(page, "/handler/account-settings, password changed");
  });

  it("after signing out, the old password is refused and the new one works", async () => {
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/handler/sign-in`);
    await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
    const password = page.getByLabel("Password", { exact: true });
    await tabTo(page, page.getByLabel("Email", { exact: true }));
    await page.keyboard.type(newcomer.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(newcomer.password);
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." }).waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in, old password");

    await tabTo(page, password);
    await typeOver(page, newPassword);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${newcomer.email}`).waitFor();
  });

  it("signs in with the e-mailed link on /handler/magic-link-callback", async () => {
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await page.goto(`${server.url}/handler/sign-in`);
    const codeEmail = page.getByLabel("Email for a sign-in code");
    await codeEmail.waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in with e-mailed codes");

    await tabTo(page, codeEmail);
    await page.keyboard.press("Enter");
    await page.getByText("Please enter your e-mail address.").waitFor();
    expect(await codeEmail.getAttribute("aria-invalid")).toBe("true");
    await page.keyboard.type(linkUser.email);
    await page.keyboard.press("Enter");
    await page
      .getByText(
        `We have sent a sign-in link and code to ${linkUser.email}. Open the link, or type the code.`,
      )
      .waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in, code sent");

    const mail = await readMailFromOutbox(server, linkUser.email, "Sign in to");
    expect(mail.link.startsWith(`${server.url}/handler/magic-link-callback?code=`)).toBe(true);
    await page.goto(mail.link);
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${linkUser.email}`).waitFor();

    // The link works once.
    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await page.goto(mail.link);
    await page.getByRole("heading", { name: "Link already used" }).waitFor();
    await expectNoAxeViolations(page, "/handler/magic-link-callback, used link");
  });

  it("signs up a new address with the e-mailed code typed on /handler/sign-in", async () => {
    await page.goto(`${server.url}/handler/sign-in`);
    const codeEmail = page.getByLabel("Email for a sign-in code");
    await tabTo(page, codeEmail);
    await page.keyboard.type(codeNewcomer);
    await pressOn(page, page.getByRole("button", { name: "Email me a sign-in code" }), "Space");
    const code = page.getByLabel("Code from the e-mail");
    await code.waitFor();

    const mail = await readMailFromOutbox(server, codeNewcomer, "Sign in to");
    const otp = mail.subject.match(/Your code is ([A-Z0-9]{6})$/)?.[1];
    expect(otp).toBeDefined();
    await tabTo(page, code);
    await page.keyboard.type("ABC");
    await page.keyboard.press("Enter");
    await page.getByText("Please enter the 6-character code from the e-mail.").waitFor();
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page, "/handler/sign-in, code too short");

    // Typed in lower case, as read from the e-mail on a phone.
    await typeOver(page, (otp ?? "").toLowerCase());
    await page.keyboard.press("Enter");
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${codeNewcomer}`).waitFor();
    // The code proved the address: the new account signs in with it, verified.
    await page.goto(`${server.url}/handler/account-settings`);
    await page.getByText(`${codeNewcomer} (Primary, Verified, Used for sign-in)`).waitFor();
    await expectNoAxeViolations(page, "/handler/account-settings of an account made by code");
    // A used link is answered 409, which the browser logs; nothing else may be.
    expect(errors.filter((error) => !error.includes("status of 409"))).toEqual([]);
  });
});
