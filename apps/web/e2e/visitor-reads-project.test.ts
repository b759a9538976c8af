import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./browser";
import { expectNoAxeViolations, newContext, recordErrors, seedContent } from "./journey-helpers";
import { startTestServer, type TestServer } from "./test-server";

describe.skipIf(!hasChromium)("a visitor reads a project", () => {
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

  it("shows the project with back link, image on its colour, badge, description, details and related projects", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = recordErrors(page);
    const response = await page.goto(`${server.url}/project/balkan-stories`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Balkan Stories");
    await expect(
      page.getByRole("link", { name: "Back to home" }).getAttribute("href"),
    ).resolves.toBe("/");
    const image = page.getByRole("img", { name: "Illustration for the project Balkan Stories" });
    await expect(image.getAttribute("src")).resolves.toBe("/images/projects/balkan-stories.svg");
    await expect(
      image.evaluate((element) => element.parentElement?.className ?? ""),
    ).resolves.toContain("bg-sky-100");
    await page.getByText("Culture", { exact: true }).first().waitFor();
    await page.getByRole("heading", { name: "About the project" }).waitFor();
    await page.getByText(/Together with volunteers in towns and villages/).waitFor();

    const related = page.locator("#related-title ~ ul [data-testid=project-card]");
    const relatedTitles = await related.locator("h3").allTextContents();
    expect(relatedTitles).toEqual(["Balkan Beats", "Heritage Preservation"]);
    expect(relatedTitles).not.toContain("Balkan Stories");
    await expect(
      related.evaluateAll((cards) => cards.map((card) => card.getAttribute("data-category"))),
    ).resolves.toEqual(["culture", "culture"]);

    // Opening a related project shows it from the top of the page.
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await related.getByRole("link", { name: "Balkan Beats" }).click();
    await page.waitForURL(/\/project\/balkan-beats$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Balkan Beats");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads the project in Bosnian with its SEO title and JSON-LD", async () => {
    const response = await fetch(`${server.url}/bs/project/eco-balkans`);
    const html = await response.text();
    expect(html).toContain('<html lang="bs"');
    expect(html).toContain("<title>Eko Balkan: zaštita prirode i tradicije</title>");
    expect(html).toMatch(/"@type":"CreativeWork"/);
    expect(html).toMatch(/"name":"Eko Balkan"/);
    expect(html).toMatch(/"foundingDate":"2020"/);

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/bs/project/eco-balkans`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Eko Balkan");
    await expect(
      page.getByRole("link", { name: "Nazad na početnu" }).getAttribute("href"),
    ).resolves.toBe("/bs");
    await context.close();
  });

  it('answers an unknown project with 404 and "Project not found" with a link home (en, de)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/project/no-such-project`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Project not found");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${server.url}/`);

    const german = await page.goto(`${server.url}/de/project/no-such-project`);
    expect(german?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Projekt nicht gefunden");
    await context.close();
  });

  it("falls back to the built-in project when the database cannot be read", async () => {
    const db = server.running.database.db;
    const { sql } = await import("drizzle-orm");
    await db.execute(sql`alter table content.projects rename to projects_away`);
    try {
      const response = await fetch(`${server.url}/de/project/balkan-beats`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Klänge des Balkans");
      expect(response.headers.get("cache-control")).toBe("no-store");
    } finally {
      await db.execute(sql`alter table content.projects_away rename to projects`);
    }
  });

  it("has no accessibility violations", async () => {
    await expectNoAxeViolations(browser, `${server.url}/project/balkan-youth`);
    await expectNoAxeViolations(browser, `${server.url}/de/project/digital-literacy`);
  });
});
