/**
 * An admin edits the global SEO settings (site spec, sections 2, 5, 8, 9): counters with
 * "Optimal" / "Too long", keywords parsed from commas, URL and e-mail inputs refused when
 * invalid, the social-share preview, "Save SEO Settings" and the public page's head; then the
 * Performance tab's Core Web Vitals, the Mobile SEO check of the home page at 375 px and the
 * slow-navigation warning.
 */
import {
  defaultGlobalSeo,
  GLOBAL_SEO_ID,
  type GlobalSeoContentInput,
  getGlobalSeo,
  saveGlobalSeo,
  writeContent,
} from "@heritage/content";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentApiFailure,
  dismissNotices,
  expectNoAxeViolations,
  expectNotice,
  failContentApi,
} from "../support/admin-content-journey";
import { hasChromium } from "../support/browser";
import { joinSiteJourneys, type SiteJourneys } from "../support/site-journeys";
import type { TestServer } from "../support/test-server";

describe.skipIf(!hasChromium)("an admin edits the SEO settings", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;
  let page: Page;

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    ({ page } = await site.signedInAdmin());
  });
  afterAll(async () => {
    await site?.leave();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });

  it("saves the settings, and the public page's head carries them", async () => {
    await page.goto(`${server.url}/admin/seo`);
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    const tabs = page.getByRole("tablist", { name: "SEO settings" });
    await expect(tabs.getByRole("tab").allTextContents()).resolves.toEqual([
      "General",
      "Organization",
      "Social Media",
      "Performance",
    ]);
    await expect(field("Site Name").inputValue()).resolves.toBe("Balkan Heritage");
    await expectNoAxeViolations(page, "/admin/seo");

    const title = field("Default Title");
    await title.fill("t".repeat(40));
    await page.getByText("40/60 characters", { exact: true }).waitFor();
    await title.fill("t".repeat(50));
    await page.getByText("50/60 characters · Optimal").waitFor();
    await title.fill("t".repeat(80));
    await expect(title.inputValue()).resolves.toHaveLength(70);
    await page.getByText("70/60 characters · Too long").waitFor();
    await page.getByText("Title is long (over 60 characters)").waitFor();
    await expect(page.getByTestId("twitter-title").textContent()).resolves.toBe("t".repeat(70));

    await title.fill("Sevdah Heritage: Songs and Stories of the Balkans");
    await field("Site Name").fill("Sevdah Heritage");
    await field("Default Description").fill("d".repeat(130));
    await page.getByText("130/160 characters · Optimal").waitFor();
    await field("Default Description").fill(
      "Sevdah Heritage preserves the songs, stories and crafts of the Balkans and shares them with everyone, in English, German and Bosnian.",
    );
    await field("Default Keywords").fill(" sevdah, , heritage ,music ");

    // Each language has its own title, description and keywords (issue 19, defect 4); the
    // summary names what a language misses, and its pages then show that language's built-in
    // text, never the English typed above.
    const perLanguage = page.getByRole("list", { name: "SEO text per language" });
    await expect(perLanguage.getByRole("listitem").allTextContents()).resolves.toEqual([
      "English: complete",
      "Deutsch: complete",
      "Bosanski: complete",
    ]);
    await field("Default Title (Deutsch)").fill("Sevdah-Erbe: Lieder und Geschichten des Balkans");
    await field("Default Description (Deutsch)").fill(
      "Sevdah-Erbe bewahrt die Lieder, Geschichten und Handwerke des Balkans und teilt sie mit allen.",
    );
    await field("Default Title (Bosanski)").fill("");
    await field("Default Keywords (Bosanski)").fill("");
    await perLanguage
      .getByText(
        "Bosanski: missing title, keywords (the Bosnian pages show the built-in Bosnian text)",
      )
      .waitFor();
    await expectNoAxeViolations(page, "/admin/seo with a language missing");
    await expect(field("Default Social Share Image URL").getAttribute("type")).resolves.toBe("url");
    await field("Default Social Share Image URL").fill("https://cdn.example.org/sevdah-share.jpg");
    await expect(page.getByTestId("facebook-title").textContent()).resolves.toBe(
      "Sevdah Heritage: Songs and Stories of the Balkans",
    );

    // Invalid URL and e-mail: refused before saving, the tab holding them is shown.
    await tabs.getByRole("tab", { name: "Organization" }).click();
    await expect(field("Contact Email").getAttribute("type")).resolves.toBe("email");
    await field("Organization URL").fill("javascript:alert(1)");
    await field("Contact Email").fill("not-an-email");
    await tabs.getByRole("tab", { name: "General" }).click();
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    await page
      .getByText("Organization URL must be an http(s) URL or a path starting with /")
      .waitFor();
    await page.getByText("Invalid email address").waitFor();
    await field("Organization URL").fill("https://sevdah.example.org");
    await field("Contact Email").fill("info@sevdah.example.org");

    await tabs.getByRole("tab", { name: "Social Media" }).click();
    for (const label of ["Twitter URL", "Facebook URL", "LinkedIn URL", "Instagram URL"]) {
      await expect(field(label).getAttribute("type")).resolves.toBe("url");
    }
    await field("Facebook URL").fill("https://facebook.com/sevdah");

    // Meanwhile a colleague saves the settings (issue 29): the save is refused, nothing typed is
    // lost, and their Instagram address is taken over by hand.
    const db = server.running.database.db;
    const stored = await getGlobalSeo(db);
    await writeContent(db, {
      table: "site_content",
      operation: "update",
      id: GLOBAL_SEO_ID,
      actor: { id: "colleague", name: "Bob (bob@example.org)" },
      write: (tx) =>
        saveGlobalSeo(tx, {
          ...(stored?.content as GlobalSeoContentInput),
          social_instagram: "https://instagram.com/sevdah",
        }),
    });
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    const conflict = page.getByRole("alert").filter({ hasText: "Bob (bob@example.org) saved" });
    await conflict.waitFor();
    await expect(conflict.locator("dt").allTextContents()).resolves.toEqual(["Instagram URL"]);
    await expect(field("Facebook URL").inputValue()).resolves.toBe("https://facebook.com/sevdah");
    await expectNoAxeViolations(page, "/admin/seo after a colleague's save");
    await conflict.getByRole("button", { name: "Use theirs: Instagram URL" }).click();
    await expect(field("Instagram URL").inputValue()).resolves.toBe("https://instagram.com/sevdah");
    await dismissNotices(page);

    await page.getByRole("button", { name: "Save SEO Settings" }).dblclick();
    await expectNotice(
      page,
      "Settings saved",
      "Global SEO settings have been updated successfully",
    );
    await dismissNotices(page);
    expect((await getGlobalSeo(db))?.content).toMatchObject({
      social_facebook: "https://facebook.com/sevdah",
      social_instagram: "https://instagram.com/sevdah",
    });

    await page.reload();
    await expect(field("Default Keywords").inputValue()).resolves.toBe("sevdah, heritage, music");
    await page
      .getByRole("list", { name: "SEO text per language" })
      .getByText("Bosanski: missing title, keywords", { exact: false })
      .waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/impressum`);
    const head = visitor.locator("head");
    await expect(
      head.locator('meta[property="og:site_name"]').getAttribute("content"),
    ).resolves.toBe("Sevdah Heritage");
    await expect(head.locator('meta[name="keywords"]').getAttribute("content")).resolves.toBe(
      "sevdah, heritage, music",
    );
    await expect(head.locator('meta[property="og:image"]').getAttribute("content")).resolves.toBe(
      "https://cdn.example.org/sevdah-share.jpg",
    );
    await expect(visitor.title()).resolves.toContain("Sevdah Heritage");
    const jsonLd = await head.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain("https://facebook.com/sevdah");

    // The German home page carries the German text in its title, description and share tags.
    await visitor.goto(`${server.url}/de`);
    const germanTitle = "Sevdah-Erbe: Lieder und Geschichten des Balkans";
    await expect(visitor.title()).resolves.toBe(germanTitle);
    for (const selector of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      await expect(head.locator(selector).getAttribute("content")).resolves.toBe(germanTitle);
    }
    await expect(
      head.locator('meta[property="og:description"]').getAttribute("content"),
    ).resolves.toMatch(/^Sevdah-Erbe bewahrt/);
    // Nothing Bosnian stored for the title and keywords: the built-in Bosnian ones, not English.
    await visitor.goto(`${server.url}/bs`);
    await expect(visitor.title()).resolves.toBe(defaultGlobalSeo.default_title_bs);
    await expect(head.locator('meta[name="keywords"]').getAttribute("content")).resolves.toBe(
      defaultGlobalSeo.default_keywords_bs.join(", "),
    );
    await expect(head.locator('meta[property="og:title"]').getAttribute("content")).resolves.toBe(
      defaultGlobalSeo.default_title_bs,
    );
    await visitor.close();
  });

  it("previews the raster share image the site really uses, and pages carry it (issue 19, defect 5)", async () => {
    await page.goto(`${server.url}/admin/seo`);
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    const preview = page.getByTestId("facebook-preview").locator("img");
    const shareImage = field("Default Social Share Image URL");
    // Nothing chosen: the site's built-in 1200 x 630 image, which the pages use, is previewed.
    await shareImage.fill("");
    await expect.poll(() => preview.getAttribute("src")).toBe("/og-image.png");
    await expect(page.getByText("No share image").count()).resolves.toBe(0);
    // An SVG is not shown by the big networks: the pages use the built-in image instead.
    await shareImage.fill("/images/about/heritage.svg");
    await expect.poll(() => preview.getAttribute("src")).toBe("/og-image.png");
    await page.getByText("SVG images are not shown by social networks").first().waitFor();
    await expectNoAxeViolations(page, "/admin/seo with the share image note");
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    await expectNotice(
      page,
      "Settings saved",
      "Global SEO settings have been updated successfully",
    );
    await dismissNotices(page);

    // The about page's own image is the built-in SVG: en and de share the raster default.
    for (const path of ["/about", "/de/about", "/bs/contact"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const meta = (selector: string) =>
        html.match(new RegExp(`<meta ${selector} content="([^"]*)"`))?.[1] ?? null;
      const image = meta('property="og:image"') ?? "";
      expect([path, new URL(image).pathname]).toEqual([path, "/og-image.png"]);
      expect([path, meta('name="twitter:image"')]).toEqual([path, image]);
      expect([path, meta('property="og:image:width"'), meta('property="og:image:height"')]).toEqual(
        [path, "1200", "630"],
      );
    }
    const png = await fetch(`${server.url}/og-image.png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    const size = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([size.format, size.width, size.height]).toEqual(["png", 1200, 630]);
  });

  it("measures Core Web Vitals and checks a chosen public page at mobile width", async () => {
    const tabs = page.getByRole("tablist", { name: "SEO settings" });
    await expect(page.getByRole("button", { name: "Save SEO Settings" }).count()).resolves.toBe(1);
    await tabs.getByRole("tab", { name: "Performance" }).click();
    // Nothing to save on this tab: it measures the public pages.
    await expect(page.getByRole("button", { name: "Save SEO Settings" }).count()).resolves.toBe(0);
    // The check runs by itself about 1 s after the screen opens, on the English home page.
    const score = page.getByTestId("mobile-seo-score");
    await score.waitFor({ timeout: 10_000 });
    const checklist = page.getByRole("list", { name: "Mobile SEO checklist" });
    const items = await checklist.getByRole("listitem").allTextContents();
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/Touch targets at least 44 px: \d+% of \d+ pass/);
    expect(items[1]).toMatch(/Responsive images: \d+% of \d+/);
    expect(items[2]).toMatch(/Exactly one H1 heading \(found 1\)/);
    expect(items[2]).toMatch(/^Pass: /);

    // The frame is the real home page, 375 px wide.
    const home = page.locator('iframe[title^="Home page (English) at mobile width"]');
    await expect(home.getAttribute("src")).resolves.toBe("/");
    await expect(
      page.frameLocator('iframe[title^="Home page (English)"]').locator("h1").count(),
    ).resolves.toBe(1);
    await expect(
      home.evaluate((element: HTMLIFrameElement) => element.contentWindow?.innerWidth),
    ).resolves.toBe(375);
    // Its vitals are the public page's: its own server response, not the admin screen's.
    await page.getByTestId("vitals-score").waitFor({ timeout: 10_000 });
    await expect(page.getByTestId("vital-TTFB").textContent()).resolves.toMatch(
      /TTFB\d+ ms(good|needs-improvement|poor)/,
    );
    // The frame paints, off-screen as it is: its first paint is measured too (reported with the
    // 2 s refresh after the 3 s measuring window).
    await expect
      .poll(() => page.getByTestId("vital-FCP").textContent(), { timeout: 10_000 })
      .toMatch(/FCP\d+ ms(good|needs-improvement|poor)/);

    // Another page: both checks follow it.
    await page.getByLabel("Page to check").selectOption({ label: "About (German)" });
    const about = page.locator('iframe[title^="About (German) at mobile width"]');
    await expect(about.getAttribute("src")).resolves.toBe("/de/about");
    await about.and(page.locator('[data-loaded="true"]')).waitFor({ state: "attached" });
    await score.waitFor({ timeout: 10_000 });
    await expect(
      about.evaluate(
        (element: HTMLIFrameElement) => element.contentDocument?.documentElement.lang ?? "",
      ),
    ).resolves.toBe("de");

    await page.getByRole("button", { name: "Run Mobile SEO Check" }).click();
    await score.waitFor();

    await page.getByTestId("vitals-score").waitFor({ timeout: 10_000 });

    const toggle = page.getByRole("button", { name: "Show Details" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    await toggle.click();
    await page.getByTestId("device-details").waitFor();
    await expect(page.getByTestId("device-details").textContent()).resolves.toMatch(
      /^Mobile \(375×812/,
    );
    const details = await page.locator("#performance-details").textContent();
    expect(details).toMatch(/LCP.*FID.*CLS.*Device/);
    await page.getByRole("button", { name: "Hide Details" }).click();
    await page.getByTestId("device-details").waitFor({ state: "detached" });

    // The layout-shift monitor appears exactly when a shift above 0 was measured.
    const cls = await page.getByTestId("vital-CLS").textContent();
    const clsValue = Number(/CLS([\d.]+)/.exec(cls ?? "")?.[1] ?? 0);
    await expect(page.getByTestId("layout-shift-monitor").count()).resolves.toBe(
      clsValue > 0 ? 1 : 0,
    );
    // No in-app navigation has happened on this page yet: nothing to warn about.
    await expect(page.getByTestId("slow-navigation-warning").count()).resolves.toBe(0);
    await expectNoAxeViolations(page, "the Performance tab");
  });

  it("warns about an admin navigation slower than 100 ms", async () => {
    await page.goto(`${server.url}/admin/faq`);
    await page.getByRole("heading", { name: "Manage FAQ" }).waitFor();
    // The SEO screen's code is fetched on the way: held back 400 ms, the navigation is slow.
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The route may be gone by then (unrouted after the navigation) or the page closed.
      await route.continue().catch(() => undefined);
    });
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "SEO" })
      .click();
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    await page.unroute("**/assets/*.js");
    const tabs = page.getByRole("tablist", { name: "SEO settings" });
    await tabs.getByRole("tab", { name: "Performance" }).click();
    const warning = page.getByTestId("slow-navigation-warning");
    await warning.waitFor();
    const text = (await warning.textContent()) ?? "";
    const took = /Slow navigation: \/admin\/seo took (\d+) ms \(over 100 ms\)/.exec(text);
    expect(took, text).not.toBeNull();
    expect(Number(took?.[1])).toBeGreaterThanOrEqual(400);
  });

  it("says why a save failed, keeping the form and the stored settings", async () => {
    await page.goto(`${server.url}/admin/seo`);
    await field("Site Name").waitFor();
    const stored = (await getGlobalSeo(server.running.database.db))?.content;
    expect(stored).toMatchObject({ site_name: "Sevdah Heritage" });
    await field("Site Name").fill("Never Saved Heritage");
    await field("Default Keywords").fill("not, saved");
    const stopFailing = await failContentApi(page, "site_content", "PUT");
    await page.getByRole("button", { name: "Save SEO Settings" }).click();
    await expectNotice(page, "Failed to save SEO settings. Please try again.", contentApiFailure);
    await expect(field("Site Name").inputValue()).resolves.toBe("Never Saved Heritage");
    await expect(field("Default Keywords").inputValue()).resolves.toBe("not, saved");
    const save = page.getByRole("button", { name: "Save SEO Settings" });
    await expect(save.isEnabled()).resolves.toBe(true);
    expect((await getGlobalSeo(server.running.database.db))?.content).toEqual(stored);
    await stopFailing();
    await dismissNotices(page);
  });

  it("says so when the settings cannot be loaded", async () => {
    const stopFailing = await failContentApi(page, "site_content", "GET");
    await page.reload();
    await expectNotice(page, "Failed to load SEO settings", contentApiFailure);
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    await page.getByText(`Failed to load SEO settings: ${contentApiFailure}`).waitFor();
    // No form to save: its defaults would overwrite the stored settings.
    await expect(page.getByRole("button", { name: "Save SEO Settings" }).count()).resolves.toBe(0);
    await stopFailing();
    await dismissNotices(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("button", { name: "Save SEO Settings" }).waitFor();
    await expect(field("Site Name").inputValue()).resolves.not.toBe("");
  });

  it("checks the home page again 0.5 s after the admin comes back to the SEO screen", async () => {
    // The page's timers run on a clock the test holds, so the 0.5 s is measured, not guessed.
    await page.clock.install();
    await page.goto(`${server.url}/admin/seo`);
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "FAQ" })
      .click();
    await page.getByRole("heading", { name: "Manage FAQ" }).waitFor();
    await page.clock.pauseAt(Date.now() + 5000);

    await page.goBack();
    await page.getByRole("heading", { name: "Global SEO Settings" }).waitFor();
    await page
      .getByRole("tablist", { name: "SEO settings" })
      .getByRole("tab", { name: "Performance" })
      .click();
    await page
      .locator('iframe[title^="Home page (English) at mobile width"][data-loaded="true"]')
      .waitFor({ state: "attached" });
    const score = page.getByTestId("mobile-seo-score");
    await page.clock.runFor(450);
    await expect(score.count()).resolves.toBe(0);
    await page.clock.runFor(100);
    await score.waitFor({ timeout: 5000 });
    await page.clock.resume();
  });
});
