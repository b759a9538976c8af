import { createCategory, createProject } from "@heritage/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { waitForPageScript } from "./support/hydration";
import {
  expectNoAxeViolations,
  newContext,
  recordErrors,
  setUpBehindTheServer,
} from "./support/journey-helpers";
import { joinSiteJourneys, type SiteJourneys } from "./support/site-journeys";
import type { TestServer } from "./support/test-server";

/** The home page's texts in two languages (apps/web/app/i18n), quoted exactly. */
const languages = [
  {
    code: "en",
    prefix: "",
    faqTitle: "Frequently Asked Questions",
    brokenTitle: "Broken image",
    imageAlt: (title: string) => `Illustration for the project ${title}`,
  },
  {
    code: "de",
    prefix: "/de",
    faqTitle: "Häufig gestellte Fragen",
    brokenTitle: "Kaputtes Bild",
    imageAlt: (title: string) => `Illustration zum Projekt ${title}`,
  },
] as const;

describe.skipIf(!hasChromium)("a visitor opens the home page", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    const db = server.running.database.db;
    await createCategory(db, {
      id: "crafts",
      name: "Crafts",
      name_de: "Handwerk",
      name_bs: "Zanati",
    });
  });
  afterAll(async () => {
    await site?.leave();
  });

  // Made by the first image journey, after the filter journey has counted the seeded projects.
  let brokenImageProject: Promise<unknown> | undefined;
  function addBrokenImageProject() {
    brokenImageProject ??= createProject(server.running.database.db, {
      id: "broken-image",
      title: "Broken image",
      title_de: "Kaputtes Bild",
      category: "community",
      description: "A project whose image is missing.",
      image: "/media/does-not-exist.webp",
    });
    return brokenImageProject;
  }

  it("gets the hero, projects and FAQ in the server's HTML, and runs its script without errors", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toContain("Preserving Balkan Heritage");
    expect(html).toContain("Balkan Stories");
    expect(html).toContain("Frequently Asked Questions");
    // The first view arrives with its data: "Loading..." only in the inert pending views
    // (<template>s the page's script shows while the next page loads).
    expect(html.replace(/<template[\s\S]*?<\/template>/g, "")).not.toContain("Loading...");
    expect(html).toContain('<template data-pending-view="home">');
    // No framework on public pages (decision 023): no module, no preload, only inline scripts.
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toContain('type="module"');

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Preserving Balkan Heritage");
    await page.waitForLoadState("networkidle");
    await waitForPageScript(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters projects by category, All first, with a message for an empty category", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForLoadState("networkidle");
    await waitForPageScript(page);
    const filter = page.getByRole("form", { name: "Filter projects by category" });
    const buttons = filter.getByRole("button");
    await expect(buttons.allTextContents()).resolves.toEqual([
      "All",
      "Culture",
      "Education",
      "Environment",
      "Community",
      "Crafts",
    ]);
    const cards = page.getByTestId("project-card");
    await expect(cards.count()).resolves.toBe(6);
    // In place: the page's script filters what the page holds, no page is loaded for it.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });

    await filter.getByRole("button", { name: "Culture" }).click();
    await page.waitForURL(/category=culture/);
    await expect
      .poll(() => cards.evaluateAll((all) => all.map((card) => card.getAttribute("data-category"))))
      .toEqual(["culture", "culture", "culture"]);
    await expect(
      filter.getByRole("button", { name: "Culture" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");

    await filter.getByRole("button", { name: "Crafts" }).click();
    await page.getByText("There are no projects in this category yet.").waitFor();
    await expect(cards.count()).resolves.toBe(0);

    await filter.getByRole("button", { name: "All" }).click();
    await expect.poll(() => cards.count()).toBe(6);
    await expect(page.getByRole("status").first().textContent()).resolves.toBe("6 projects");
    expect(documents).toEqual([]);

    // A page the server filtered holds only its category's projects: choosing another loads it.
    await page.goto(`${server.url}/?category=culture`);
    await waitForPageScript(page);
    await expect(cards.count()).resolves.toBe(3);
    await filter.getByRole("button", { name: "All" }).click();
    await page.waitForURL(/category=all/);
    await expect.poll(() => cards.count()).toBe(6);
    await context.close();
  });

  it("filters in German too", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/de`);
    const filter = page.getByRole("form", { name: "Projekte nach Kategorie filtern" });
    await expect(filter.getByRole("button").first().textContent()).resolves.toBe("Alle");
    await filter.getByRole("button", { name: "Handwerk" }).click();
    await page.getByText("In dieser Kategorie gibt es noch keine Projekte.").waitFor();
    await context.close();
  });

  for (const language of languages) {
    it(`opens one FAQ answer at a time, and closes the open one (${language.code})`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto(`${server.url}${language.prefix}`);
      await waitForPageScript(page);
      await page.getByRole("heading", { name: language.faqTitle }).waitFor();
      const items = page.getByTestId("faq-item");
      await expect(items.count()).resolves.toBe(5);
      const openCount = () =>
        items.evaluateAll((all) => all.filter((item) => item.hasAttribute("open")).length);
      await expect(openCount()).resolves.toBe(0);

      await items.nth(0).locator("summary").click();
      await expect.poll(openCount).toBe(1);
      await expect(items.nth(0).getAttribute("open")).resolves.not.toBeNull();

      await items.nth(2).locator("summary").click();
      await expect.poll(openCount).toBe(1);
      await expect(items.nth(2).getAttribute("open")).resolves.not.toBeNull();
      await expect(items.nth(0).getAttribute("open")).resolves.toBeNull();

      await items.nth(2).locator("summary").click();
      await expect.poll(openCount).toBe(0);
      await context.close();
    });
  }

  for (const language of languages) {
    it(`loads card images lazily (50 px margin) at 400x256, fades them in, and shows a placeholder on error unless priority (${language.code})`, async () => {
      await setUpBehindTheServer(server, addBrokenImageProject);
      const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${language.prefix}`);
      const firstImage = page.getByTestId("project-card").first().locator("img").first();
      await expect(firstImage.getAttribute("width")).resolves.toBe("400");
      await expect(firstImage.getAttribute("height")).resolves.toBe("256");
      // Far below the first screen: not requested yet.
      await page.waitForLoadState("networkidle");
      await waitForPageScript(page);
      await expect(firstImage.getAttribute("src")).resolves.toBeNull();

      // 100 px below the window's bottom edge: still outside the 50 px margin.
      const scrollToBelowBottom = (gap: number) =>
        firstImage.evaluate((image, gap) => {
          const top = image.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, top - window.innerHeight - gap);
        }, gap);
      await scrollToBelowBottom(100);
      await page.waitForTimeout(300);
      await expect(firstImage.getAttribute("src")).resolves.toBeNull();
      // 30 px below it: inside the margin, so it loads before it is seen.
      await scrollToBelowBottom(30);
      await expect.poll(() => firstImage.getAttribute("src")).not.toBeNull();
      await expect.poll(() => firstImage.getAttribute("data-loaded")).toBe("");

      // Fades in: transparent until loaded, then fully opaque with an opacity transition.
      await firstImage.scrollIntoViewIfNeeded();
      await expect
        .poll(() => firstImage.evaluate((image) => getComputedStyle(image).opacity))
        .toBe("1");
      await expect(
        firstImage.evaluate((image) => getComputedStyle(image).transitionProperty),
      ).resolves.toContain("opacity");

      const brokenCard = page
        .getByTestId("project-card")
        .filter({ hasText: language.brokenTitle })
        .first();
      const broken = brokenCard.locator("img").first();
      await broken.scrollIntoViewIfNeeded();
      await expect.poll(() => broken.getAttribute("src")).toBe("/images/placeholder.svg");

      // The project page's main image is priority: a failure leaves it as it is.
      await brokenCard.getByRole("link").first().click();
      await page.waitForURL(`${server.url}${language.prefix}/project/broken-image`);
      // The address changes before the home page (whose card image has the same name and shows
      // the placeholder) has gone: wait for the project page itself.
      await page.getByRole("heading", { level: 1, name: language.brokenTitle }).waitFor();
      const main = page.getByRole("img", { name: language.imageAlt(language.brokenTitle) });
      await expect
        .poll(() => main.evaluate((image: HTMLImageElement) => image.complete))
        .toBe(true);
      await expect(main.evaluate((image: HTMLImageElement) => image.naturalWidth)).resolves.toBe(0);
      await page.waitForTimeout(200);
      await expect(main.getAttribute("src")).resolves.toBe("/media/does-not-exist.webp");
      await context.close();
    });
  }

  it("has no accessibility violations (en, bs, small screen)", async () => {
    await expectNoAxeViolations(browser, server.url);
    await expectNoAxeViolations(browser, `${server.url}/bs`, {
      viewport: { width: 375, height: 800 },
    });
  });
});
