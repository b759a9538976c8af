/**
 * A developer follows mail without a mail server (issue 7: mail is "kept in an outbox that the
 * tests and a development page read"): with DEV_OUTBOX=on, /dev/outbox lists what the server
 * kept, newest first, from the auth platform (a password reset asked for on
 * /handler/forgot-password) and from the site (a contact-form notification); the reset link in
 * the plain text is followed by keyboard and works; the HTML version shows in a frame that runs
 * no scripts. Without the setting (a production server's default) the page does not exist: 404.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAdminPage, robotsMeta } from "./support/admin-auth-journey";
import { hasChromium, launchBrowser } from "./support/browser";
import { waitForPageScript } from "./support/hydration";
import { seedContent } from "./support/journey-helpers";
import { startTestServer, type TestServer } from "./support/test-server";
import { tabTo } from "./support/user-secures-account-steps";

const admin = { email: "busy.developer@example.org", password: "first-outbox-horse" };

describe.skipIf(!hasChromium)("a developer reads the kept mail on /dev/outbox", () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({
        DEV_OUTBOX: "on",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        CONTACT_NOTIFICATION_EMAIL: "office@example.org",
      }),
      launchBrowser(),
    ]);
    await seedContent(server);
    ({ page, errors } = await newAdminPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const mails = () => page.getByRole("main").getByRole("article");

  it("says so while no mail has been kept, and is never indexed or stored", async () => {
    const response = await page.goto(`${server.url}/dev/outbox`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await robotsMeta(page)).toBe("noindex, nofollow");
    await page.getByRole("heading", { level: 1, name: "Development outbox" }).waitFor();
    await page.getByText("No mail yet.").waitFor();
    expect(await mails().count()).toBe(0);
    await expectNoAxeViolations(page, "/dev/outbox, empty");
  });

  it("lists a password reset and a contact notification, newest first", async () => {
    await page.goto(`${server.url}/handler/forgot-password`);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();

    await page.goto(`${server.url}/contact`);
    await waitForPageScript(page);
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name", { exact: true }).fill("Ana Horvat");
    await form.getByLabel("Email", { exact: true }).fill("ana@example.org");
    await form.getByLabel("Subject", { exact: true }).fill("Volunteering");
    await form.getByLabel("Message", { exact: true }).fill("I would like to help this summer.");
    // The form refuses answers sent faster than a person could type: its start is dated back,
    // last (the page script or a re-render while typing must not reset it).
    await page.locator('input[name="form_started_at"]').evaluate((input: HTMLInputElement) => {
      input.value = String(Date.now() - 60_000);
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Message sent!").first().waitFor();

    await page.goto(`${server.url}/dev/outbox`);
    await page.getByText("2 mails, newest first (the page lists the newest 50).").waitFor();
    expect(await mails().count()).toBe(2);
    const [contact, reset] = [mails().nth(0), mails().nth(1)];
    await contact.getByRole("heading", { level: 2, name: "Contact form: Volunteering" }).waitFor();
    expect(await contact.locator("dd").allTextContents()).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/),
      "office@example.org",
      expect.any(String),
      "Site, contact_notification",
      // The site's outbox records why it did not send.
      expect.stringMatching(/^Not sent: SMTP_URL is not set/),
    ]);
    await contact.getByText("No HTML version (plain text only).").waitFor();

    await reset.getByRole("heading", { level: 2, name: /Reset your password/ }).waitFor();
    const resetFacts = await reset.locator("dd").allTextContents();
    expect(resetFacts[1]).toBe(admin.email);
    expect(resetFacts[3]).toMatch(/^Auth platform, project \S+$/);
    expect(resetFacts[4]).toBe("Kept in the outbox, not sent (no SMTP server)");
    await expectNoAxeViolations(page, "/dev/outbox with two mails");
  });

  it("shows the HTML version in a frame that runs no scripts, and hides it again", async () => {
    const reset = mails().nth(1);
    const show = reset.getByRole("link", { name: "Show the HTML version" });
    await tabTo(page, show);
    await page.keyboard.press("Enter");
    const frame = reset.locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await frame.getAttribute("title")).toMatch(/^HTML version of "Reset your password/);
    expect(new URL(page.url()).searchParams.get("html")).toMatch(/^auth:/);
    // The link pressed stays where it was, now hiding the frame: the focus is not lost.
    const hide = reset.getByRole("link", { name: "Hide the HTML version" });
    expect(await hide.evaluate((link) => link === document.activeElement)).toBe(true);
    const html = page.frameLocator("iframe");
    await html.getByRole("link").first().waitFor();
    expect(await html.locator("body").textContent()).toContain("password");
    await expectNoAxeViolations(page, "/dev/outbox showing an HTML version");

    await page.keyboard.press("Enter");
    await frame.waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("");
  });

  it("follows the reset link of the plain text by keyboard, and it works", async () => {
    const reset = mails().nth(1);
    const link = reset.locator("pre").getByRole("link", { name: /\/handler\/password-reset\?/ });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href.startsWith(`${server.url}/handler/password-reset?code=`)).toBe(true);
    expect(await link.textContent()).toBe(href);
    await tabTo(page, link);
    await page.keyboard.press("Enter");
    await page.waitForURL(href);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("second-outbox-horse");
    await page.getByLabel("Repeat new password").fill("second-outbox-horse");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium)("without DEV_OUTBOX (a production server's default)", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("answers /dev/outbox with 404, and robots.txt keeps crawlers off /dev", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/dev/outbox`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: /^404/ }).waitFor();
    expect(await page.getByText("Development outbox").count()).toBe(0);
    const data = await fetch(`${server.url}/dev/outbox.data`);
    expect(data.status).toBe(404);
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /dev");
    await page.close();
  });
});
