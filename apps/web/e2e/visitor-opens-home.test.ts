import { createCategory, createProject } from "@heritage/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

describe.skipIf(!hasChromium)("a visitor opens the home page", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    await seedContent(server);
    const db = server.running.database.db;
    await createCategory(db, {
      id: "crafts",
      name: "Crafts",
      name_de: "Handwerk",
      name_bs: "Zanati",
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("gets the hero, projects and FAQ in the server's HTML, and hydrates without errors", async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toContain("Preserving Balkan Heritage");
    expect(html).toContain("Balkan Stories");
    expect(html).toContain("Frequently Asked Questions");
    expect(html).not.toContain("Loading...");

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Preserving Balkan Heritage");
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("filters projects by category, All first, with a message for an empty category", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForLoadState("networkidle");
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

  it("opens one FAQ answer at a time, and closes the open one", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(server.url);
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

  it("loads card images lazily at 400x256, fades them in, and shows a placeholder on error", async () => {
    await createProject(server.running.database.db, {
      id: "broken-image",
      title: "Broken image",
      category: "community",
      description: "A project whose image is missing.",
      image: "/media/does-not-exist.webp",
    });
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const firstImage = page.getByTestId("project-card").first().locator("img").first();
    await expect(firstImage.getAttribute("width")).resolves.toBe("400");
    await expect(firstImage.getAttribute("height")).resolves.toBe("256");
    // Far below the first screen: not requested yet.
    await page.waitForLoadState("networkidle");
    await expect(firstImage.getAttribute("src")).resolves.toBeNull();

    await firstImage.scrollIntoViewIfNeeded();
    await expect.poll(() => firstImage.getAttribute("data-loaded")).toBe("");
    await expect
      .poll(() => firstImage.evaluate((image) => getComputedStyle(image).opacity))
      .toBe("1");

    const broken = page
      .locator('[data-testid="project-card"]:has-text("Broken image") img')
      .first();
    await broken.scrollIntoViewIfNeeded();
    await expect.poll(() => broken.getAttribute("src")).toBe("/images/placeholder.svg");
    await context.close();
  });

  it("has no accessibility violations (en, bs, small screen)", async () => {
    await expectNoAxeViolations(browser, server.url);
    await expectNoAxeViolations(browser, `${server.url}/bs`, {
      viewport: { width: 375, height: 800 },
    });
  });
});
