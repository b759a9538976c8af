import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSiteAuthKeys } from "./admin-auth-journey";
import { hasChromium, launchBrowser } from "./browser";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

describe.skipIf(!hasChromium)("a visitor finds their way around the site", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await seedContent(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("sees the fixed navigation turn white with a shadow after 50 px of scroll", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForLoadState("networkidle");
    const header = page.locator("header").first();
    await expect(header.evaluate((element) => getComputedStyle(element).position)).resolves.toBe(
      "fixed",
    );
    await expect(header.getAttribute("data-scrolled")).resolves.toBe("false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    await expect(header.getAttribute("data-scrolled")).resolves.toBe("false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => header.getAttribute("data-scrolled")).toBe("true");
    await expect
      .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe("rgb(255, 255, 255)");
    await expect(
      header.evaluate((element) => getComputedStyle(element).boxShadow),
    ).resolves.not.toBe("none");
    await context.close();
  });

  it("opens and closes the mobile menu at 375 px, and a link click closes it", async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/de`);
    await page.waitForLoadState("networkidle");
    const menu = page.getByTestId("mobile-menu");
    const toggle = menu.locator("summary");
    await expect(toggle.getAttribute("aria-label")).resolves.toBe("Menü öffnen");
    await expect(menu.getByRole("link", { name: "Über uns" }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect.poll(() => menu.getAttribute("open")).not.toBeNull();
    await expect(toggle.getAttribute("aria-label")).resolves.toBe("Menü schließen");
    await toggle.click();
    await expect.poll(() => menu.getAttribute("open")).toBeNull();

    await toggle.click();
    await menu.getByRole("link", { name: "Über uns" }).click();
    await page.waitForURL(/\/de\/about$/);
    await expect.poll(() => menu.getAttribute("open")).toBeNull();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Über uns");
    await context.close();
  });

  it("switches language from the dropdown (hover, click, keyboard), keeping the page and the choice", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    await page.goto(`${server.url}/about`);
    await page.waitForLoadState("networkidle");
    const switcher = page.getByTestId("language-switcher").filter({ visible: true });
    const summary = switcher.locator("summary");

    await summary.hover();
    await expect.poll(() => switcher.getAttribute("open")).not.toBeNull();
    const options = switcher.getByRole("link");
    await expect(options.allTextContents()).resolves.toEqual([
      "🇬🇧English",
      "🇩🇪Deutsch",
      "🇧🇦Bosanski",
    ]);
    const english = switcher.getByRole("link", { name: /English/ });
    await expect(english.getAttribute("aria-current")).resolves.toBe("true");
    await expect(english.locator("svg").count()).resolves.toBe(1);
    await expect(
      switcher
        .getByRole("link", { name: /Deutsch/ })
        .locator("svg")
        .count(),
    ).resolves.toBe(0);
    await page.mouse.move(5, 600);
    await expect.poll(() => switcher.getAttribute("open")).toBeNull();

    await summary.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => switcher.getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Escape");
    await expect.poll(() => switcher.getAttribute("open")).toBeNull();

    // A mouse that hovered the list open and then clicks the button keeps it open.
    await summary.hover();
    await expect.poll(() => switcher.getAttribute("open")).not.toBeNull();
    await summary.click();
    await expect(switcher.getAttribute("open")).resolves.not.toBeNull();
    await switcher.getByRole("link", { name: /Deutsch/ }).click();
    await page.waitForURL(`${server.url}/de/about`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Über uns");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    await expect(page.evaluate(() => localStorage.getItem("preferredLanguage"))).resolves.toBe(
      "de",
    );

    // The stored choice takes an unprefixed URL to the German page.
    await page.goto(`${server.url}/contact`);
    await page.waitForURL(`${server.url}/de/contact`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Kontakt");

    // Back to English through the footer's language links.
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await page.waitForURL(`${server.url}/contact`);
    await expect(page.evaluate(() => localStorage.getItem("preferredLanguage"))).resolves.toBe(
      "en",
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("remembers a language picked before the page has hydrated", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The app's modules never arrive: only the server's HTML and its inline scripts run.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`${server.url}/about`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Deutsch" }).click();
    await page.waitForURL(`${server.url}/de/about`);
    await expect(page.evaluate(() => localStorage.getItem("preferredLanguage"))).resolves.toBe(
      "de",
    );
    await page.goto(`${server.url}/contact`);
    await page.waitForURL(`${server.url}/de/contact`);
    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await page.waitForURL(`${server.url}/contact`);
    await expect(page.evaluate(() => localStorage.getItem("preferredLanguage"))).resolves.toBe(
      "en",
    );
    await context.close();
  });

  it("shows the footer's description, contact, social links, links and this year's copyright", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/bs`);
    const footer = page.getByRole("contentinfo");
    await footer
      .getByText(/neprofitna organizacija/i)
      .first()
      .waitFor();
    await expect(
      footer.getByRole("link", { name: /info@example.org/ }).getAttribute("href"),
    ).resolves.toBe("mailto:info@example.org");
    await expect(footer.getByRole("link", { name: /\+387/ }).count()).resolves.toBe(1);
    await expect(
      footer.getByRole("list", { name: "Društvene mreže" }).getByRole("link").count(),
    ).resolves.toBe(3);
    await expect(
      footer.getByRole("link", { name: "Privatnost" }).getAttribute("href"),
    ).resolves.toBe("/bs/datenschutz");
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()}`);
    await context.close();
  });

  it('shows an "Admin" link to signed-in visitors only, and keeps their pages private', async () => {
    const anonymous = await fetch(server.url);
    expect(anonymous.headers.get("cache-control")).toContain("public");
    expect(await anonymous.text()).not.toContain('href="/admin"');

    // Only a session of the site's own auth project counts, not another project's cookie.
    const { projectId } = await readSiteAuthKeys(server);
    const otherProject = await fetch(server.url, {
      headers: { cookie: "hexclave-refresh-another-project--default=%7B%7D; other=1" },
    });
    expect(otherProject.headers.get("cache-control")).toContain("public");
    expect(await otherProject.text()).not.toContain('href="/admin"');
    const sessionCookie = `hexclave-refresh-${projectId}--default`;
    const signedIn = await fetch(server.url, {
      headers: { cookie: `${sessionCookie}=%7B%22refresh_token%22%3A%22r%22%7D; other=1` },
    });
    expect(signedIn.headers.get("cache-control")).toContain("private");

    const context = await newContext(browser);
    await context.addCookies([
      { name: sessionCookie, value: "%7B%22refresh_token%22%3A%22r%22%7D", url: server.url },
    ]);
    const page = await context.newPage();
    await page.goto(`${server.url}/de`);
    const admin = page.getByRole("navigation").getByRole("link", { name: "Verwaltung" }).first();
    await expect(admin.getAttribute("href")).resolves.toBe("/admin");
    await context.close();
  });

  it("reads every page and uses the menus with JavaScript disabled", async () => {
    const context = await newContext(browser, {
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.getByTestId("project-card").count()).resolves.toBe(6);
    // Images load natively from the <noscript> copy.
    await expect(page.locator("noscript").count()).resolves.toBeGreaterThan(0);
    const faq = page.getByTestId("faq-item").first();
    await faq.locator("summary").click();
    await expect(faq.getAttribute("open")).resolves.not.toBeNull();
    await page.getByRole("button", { name: "Education" }).click();
    await page.waitForURL(/category=education/);
    await expect(page.getByTestId("project-card").count()).resolves.toBe(1);

    await page.getByTestId("mobile-menu").locator("summary").click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "About" }).click();
    await page.waitForURL(`${server.url}/about`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("About Us");
    const switcher = page.getByTestId("language-switcher").filter({ visible: true });
    await switcher.locator("summary").click();
    await switcher.getByRole("link", { name: /Bosanski/ }).click();
    await page.waitForURL(`${server.url}/bs/about`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("O nama");
    await context.close();
  });

  it("has no accessibility violations at 375 px with the menu open", async () => {
    await expectNoAxeViolations(browser, `${server.url}/about`, {
      viewport: { width: 375, height: 740 },
    });
  });
});
