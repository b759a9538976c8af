/**
 * An admin is sent from a protected page to /login, is told a wrong password is wrong, signs in
 * and lands where they were going, moves around the admin navigation and signs out (site spec,
 * sections 2, 4, 5 and 8); the handler pages (auth-platform spec, section 2).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  newAdminPage,
  readSiteAuthKeys,
  robotsMeta,
  submitSignIn,
} from "../support/admin-auth-journey";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

const admin = { email: "signing.admin@example.org", password: "correct-horse-battery" };

describe.skipIf(!hasChromium)("an admin signs in and out", () => {
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

  it("is sent from a protected page to /login, replacing history", async () => {
    await page.goto(`${server.url}/`);
    const response = await page.goto(`${server.url}/admin/users`);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expectNotice(page, "Authentication Required", "Please log in to access this page");
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    expect(await robotsMeta(page)).toBe("noindex, nofollow");
    await expectNoAxeViolations(page, "/login");
    // /admin/users was replaced: going back leaves the admin area.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
    await page.goForward();
    await page.waitForURL(`${server.url}/login`);
    await dismissNotices(page);
  });

  it("renders the auth interstitials on the server and warns when loading takes long", async () => {
    const loginHtml = await (await fetch(`${server.url}/login`)).text();
    expect(loginHtml).toContain("Processing authentication...");
    // A form to fill in at once: its scripts start with the HTML, not after the first paint.
    expect(loginHtml).toContain('rel="modulepreload"');
    expect(loginHtml).not.toContain("x-paint-first");
    // The secret key never reaches a page; the publishable key does.
    const { projectId, secretServerKey, publishableClientKey } = await readSiteAuthKeys(server);
    expect(loginHtml).not.toContain(secretServerKey);
    expect(loginHtml).toContain(publishableClientKey);

    // The token endpoint does not answer until the test is over: the guard keeps loading
    // meanwhile. (A fixed delay raced the 5 s warning when hydration was slow under load.)
    let releaseTokenRequest = () => {};
    const tokenRequestReleased = new Promise<void>((resolve) => {
      releaseTokenRequest = resolve;
    });
    const slowContext = await browser.newContext();
    try {
      const slowPage = await slowContext.newPage();
      await slowContext.addCookies([
        { name: "hexclave-access", value: "x", url: server.url },
        {
          name: `hexclave-refresh-${projectId}--default`,
          value: encodeURIComponent(
            JSON.stringify({ refresh_token: "r".repeat(45), updated_at_millis: 1 }),
          ),
          url: server.url,
        },
      ]);
      await slowPage.route("**/api/v1/auth/oauth/token", async (route) => {
        await tokenRequestReleased;
        await route.abort().catch(() => undefined);
      });
      await slowPage.goto(`${server.url}/admin`);
      await slowPage.getByText("Checking your sign-in...").waitFor();
      // The warning comes 5 s after hydration; give slow hydration room.
      await slowPage.getByText("Taking longer than expected...").waitFor({ timeout: 15_000 });
      await slowPage.getByText("If nothing happens, try refreshing the page.").waitFor();
    } finally {
      releaseTokenRequest();
      await slowContext.close();
    }
  });

  it("requires both fields and reports a wrong password with the server's message", async () => {
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();

    await submitSignIn(page, { email: admin.email, password: "wrong-password" });
    await expectNotice(page, "Authentication Error", "Wrong e-mail or password.");
    await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." }).waitFor();
    expect(page.url()).toBe(`${server.url}/login`);
    await dismissNotices(page);
  });

  it("signs in and lands on the page the guard sent them away from", async () => {
    // The guard remembered /admin/users in the history state of /login.
    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(`${server.url}/login`);
    await dismissNotices(page);
    await submitSignIn(page, admin);
    await expectNotice(page, "Success!", "You've been signed in");
    await page.waitForURL(`${server.url}/admin/users`);
    await page.getByRole("heading", { name: "User Management" }).waitFor();
    await dismissNotices(page);
  });

  it("shows the dashboard and the admin navigation, and /login moves on to /admin", async () => {
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Heritage Admin" }).click();
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${admin.email}`).waitFor();
    const links = await nav.getByRole("listitem").getByRole("link").allTextContents();
    expect(links).toEqual([
      "Projects",
      "FAQ",
      "Messages",
      "Content",
      "SEO",
      "Scheduled",
      "Trash",
      "Activity",
    ]);
    // After the links, the admin's language (decision 034).
    await nav.getByRole("combobox", { name: "Language" }).waitFor();
    await nav.getByRole("button", { name: "Sign Out" }).waitFor();
    const cards = await page
      .getByRole("main")
      .getByRole("list", { name: "Admin screens" })
      .getByRole("link")
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(cards).toEqual([
      "/admin/projects",
      "/admin/faq",
      "/admin/contact-submissions",
      "/admin/site-content",
      "/admin/seo",
      "/admin/users",
    ]);
    expect(await robotsMeta(page)).toBe("noindex, nofollow");
    await expectNoAxeViolations(page, "/admin");

    // Signed in, /login shows "Processing authentication..." and moves on.
    await page.goto(`${server.url}/login`);
    await page.waitForURL(`${server.url}/admin`);
    await page.getByText(`Logged in as ${admin.email}`).waitFor();

    // The activity lists the wrong password tried for the address, then the sign-in (issue 29).
    await nav.getByRole("link", { name: "Activity" }).click();
    const failed = page.getByRole("row").filter({ hasText: "Failed sign-in" }).first();
    await expect(failed.textContent()).resolves.toContain(admin.email);
    await page.getByRole("row").filter({ hasText: "Signed in" }).first().waitFor();
    await page.goto(`${server.url}/admin`);
  });

  it("the server reads the session cookies (1 year refresh, 1 day access)", async () => {
    const cookies = await page.context().cookies();
    const refresh = cookies.find((cookie) => cookie.name.startsWith("hexclave-refresh-"));
    const access = cookies.find((cookie) => cookie.name === "hexclave-access");
    const now = Date.now() / 1000;
    expect(refresh && Math.round((refresh.expires - now) / 86400)).toBe(365);
    expect(access && Math.round((access.expires - now) / 86400)).toBe(1);
  });

  it("signs out from the navigation, back to /login", async () => {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectNotice(page, "Signed out", "You have been successfully signed out.");
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
    // No "Authentication Required" on a deliberate sign-out.
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Authentication Required" }).count(),
    ).resolves.toBe(0);
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name.startsWith("hexclave-"))).toEqual([]);
    await dismissNotices(page);
  });

  it("serves the handler pages: sign-in, sign-out, error, an invitation link without its code", async () => {
    await page.goto(`${server.url}/handler/sign-in?after_auth_return_to=%2Fadmin%2Fusers`);
    await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
    await expectNoAxeViolations(page, "/handler/sign-in");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." }).waitFor();
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/admin/users`);

    await page.goto(`${server.url}/handler/sign-out`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();

    await page.goto(`${server.url}/handler/error?errorCode=SOME_CODE&message=It%20broke`);
    await page.getByRole("alert").filter({ hasText: "It broke" }).waitFor();
    await page.goto(`${server.url}/handler/team-invitation`);
    await page.getByRole("heading", { name: "Invalid link" }).waitFor();
    await page.goto(`${server.url}/handler/sign-up`);
    await page.getByText("Sign-up is not enabled for this project").waitFor();
    expect(await robotsMeta(page)).toBe("noindex, nofollow");
    expect(errors).toEqual([]);
  });

  it("says so when signing out fails", async () => {
    await page.goto(`${server.url}/login`);
    await submitSignIn(page, admin);
    await page.waitForURL(`${server.url}/admin`);
    await dismissNotices(page);
    const isSignOut = (url: URL) => url.pathname.endsWith("/api/v1/auth/sessions/current");
    await page.route(isSignOut, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expectNotice(page, "Failed to sign out. Please try again.");
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Signed out" }).count(),
    ).resolves.toBe(0);
    // The session is kept (the server may still hold it), so the admin stays and can try again.
    expect(new URL(page.url()).pathname).toBe("/admin");
    const signOutButton = page.getByRole("button", { name: "Sign Out" });
    await expect(signOutButton.isEnabled()).resolves.toBe(true);
    await page.unroute(isSignOut);
    await dismissNotices(page);
    await signOutButton.click();
    await expectNotice(page, "Signed out", "You have been successfully signed out.");
    await page.waitForURL(`${server.url}/login`);
    await page.getByRole("heading", { name: "Admin Sign In" }).waitFor();
  });
});
