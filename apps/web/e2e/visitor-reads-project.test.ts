import { createProject, listProjects, updateProject } from "@heritage/content";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium } from "./support/browser";
import { waitForPageScript } from "./support/hydration";
import { expectNoAxeViolations, newContext, recordErrors } from "./support/journey-helpers";
import { joinSiteJourneys, type SiteJourneys } from "./support/site-journeys";
import type { TestServer } from "./support/test-server";

/** What the project page shows in one language (UI strings from apps/web/app/i18n). */
const languages = [
  {
    code: "en",
    prefix: "",
    home: "/",
    backToHome: "Back to home",
    imageAlt: (title: string) => `Illustration for the project ${title}`,
    category: "Culture",
    detailsTitle: "About the project",
    details: /Together with volunteers in towns and villages/,
    titles: {
      stories: "Balkan Stories",
      beats: "Balkan Beats",
      heritage: "Heritage Preservation",
      sevdah: "Sevdah Songs",
      kilim: "Kilim Weaving",
    },
    keywords: "kilim, weaving, heritage",
  },
  {
    code: "de",
    prefix: "/de",
    home: "/de",
    backToHome: "Zurück zur Startseite",
    imageAlt: (title: string) => `Illustration zum Projekt ${title}`,
    category: "Kultur",
    detailsTitle: "Über das Projekt",
    details: /Gemeinsam mit Ehrenamtlichen in Städten und Dörfern/,
    titles: {
      stories: "Geschichten vom Balkan",
      beats: "Klänge des Balkans",
      heritage: "Erhalt des Kulturerbes",
      sevdah: "Sevdah-Lieder",
      kilim: "Kilim-Weberei",
    },
    keywords: "Kilim, Weberei, Kulturerbe",
  },
] as const;

describe.skipIf(!hasChromium)("a visitor reads a project", () => {
  let server: TestServer;
  let browser: Browser;
  let site: SiteJourneys;

  beforeAll(async () => {
    site = await joinSiteJourneys();
    ({ server, browser } = site);
    // The seed has three culture projects; two more make four others for every culture project,
    // so the limit of 3 related projects decides what is shown.
    const db = server.running.database.db;
    await createProject(db, {
      id: "sevdah-songs",
      title: "Sevdah Songs",
      title_de: "Sevdah-Lieder",
      category: "culture",
      description: "Recording the love songs of Bosnia.",
      image: "/images/projects/balkan-beats.svg",
    });
    await createProject(db, {
      id: "kilim-weaving",
      title: "Kilim Weaving",
      title_de: "Kilim-Weberei",
      category: "culture",
      description: "Keeping the craft of kilim weaving alive.",
      image: "/images/projects/balkan-stories.svg",
      seo_keywords: ["kilim", "weaving", "heritage"],
      seo_keywords_de: ["Kilim", "Weberei", "Kulturerbe"],
    });
  });
  afterAll(async () => {
    await site?.leave();
  });

  for (const language of languages) {
    const { titles } = language;

    it(`shows the project with back link, image on its colour, badge, description, details and 3 related projects (${language.code})`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const errors = recordErrors(page);
      const response = await page.goto(`${server.url}${language.prefix}/project/balkan-stories`);
      await waitForPageScript(page);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").textContent()).toBe(titles.stories);
      await expect(
        page.getByRole("link", { name: language.backToHome }).getAttribute("href"),
      ).resolves.toBe(language.home);
      const image = page.getByRole("img", { name: language.imageAlt(titles.stories) });
      await expect(image.getAttribute("src")).resolves.toBe("/images/projects/balkan-stories.webp");
      await expect(
        image.evaluate((element) => element.parentElement?.className ?? ""),
      ).resolves.toContain("bg-sky-100");
      await page.getByText(language.category, { exact: true }).first().waitFor();
      await page.getByRole("heading", { name: language.detailsTitle }).waitFor();
      await page.getByText(language.details).waitFor();

      // Four other culture projects exist: the three oldest are shown, never the page's own.
      const related = page.locator("#related-title ~ ul [data-testid=project-card]");
      await expect(related.locator("h3").allTextContents()).resolves.toEqual([
        titles.beats,
        titles.heritage,
        titles.sevdah,
      ]);
      await expect(
        related.evaluateAll((cards) => cards.map((card) => card.getAttribute("data-category"))),
      ).resolves.toEqual(["culture", "culture", "culture"]);
      await expect(
        related
          .getByRole("link")
          .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
      ).resolves.toEqual(
        ["balkan-beats", "heritage-preservation", "sevdah-songs"].map(
          (id) => `${language.prefix}/project/${id}`,
        ),
      );

      // Opening a related project shows it from the top of the page.
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await related.getByRole("link", { name: titles.beats }).click();
      await page.waitForURL(new RegExp(`${language.prefix}/project/balkan-beats$`));
      await expect.poll(() => page.locator("h1").textContent()).toBe(titles.beats);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect
        .poll(() => related.locator("h3").allTextContents())
        .toEqual([titles.stories, titles.heritage, titles.sevdah]);

      // The newest culture project: the limit leaves out the fourth other one, Sevdah Songs.
      await page.goto(`${server.url}${language.prefix}/project/kilim-weaving`);
      await expect.poll(() => page.locator("h1").textContent()).toBe(titles.kilim);
      await expect(related.locator("h3").allTextContents()).resolves.toEqual([
        titles.stories,
        titles.beats,
        titles.heritage,
      ]);
      // The project's own keywords in this language (spec section 3: seo_keywords).
      await expect(page.locator('meta[name="keywords"]').getAttribute("content")).resolves.toBe(
        language.keywords,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("uses the global keywords of the page's own language for a project without its own, never another language's", async () => {
    // kilim-weaving has English and German keywords only (issue 19, defect 4: no silent fallback
    // to another language's SEO text), so its Bosnian page shows the Bosnian global keywords.
    const bosnian = await (await fetch(`${server.url}/bs/project/kilim-weaving`)).text();
    expect(bosnian).not.toContain("kilim, weaving, heritage");
    expect(bosnian).toContain(
      '<meta name="keywords" content="balkansko naslijeđe, balkanska kultura, tradicije, umjetnost, neprofitna organizacija"/>',
    );
    const withoutKeywords = await (await fetch(`${server.url}/project/sevdah-songs`)).text();
    expect(withoutKeywords).toContain(
      '<meta name="keywords" content="Balkan heritage, Balkan culture, traditions, arts, non-profit"/>',
    );
  });

  it("reads the project with JavaScript disabled (en, de)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const language of languages) {
      await page.goto(`${server.url}${language.prefix}/project/heritage-preservation`);
      await expect(page.locator("h1").textContent()).resolves.toBe(language.titles.heritage);
      await expect(
        page.getByRole("img", { name: language.imageAlt(language.titles.heritage) }).isVisible(),
      ).resolves.toBe(true);
      await page.getByRole("heading", { name: language.detailsTitle }).waitFor();
      const related = page.locator("#related-title ~ ul [data-testid=project-card]");
      await related.getByRole("link", { name: language.titles.stories }).click();
      await page.waitForURL(`${server.url}${language.prefix}/project/balkan-stories`);
      await expect(page.locator("h1").textContent()).resolves.toBe(language.titles.stories);
    }
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

  it("follows a project whose address changed: each former address is one 301 to it (en, de, bs)", async () => {
    const db = server.running.database.db;
    const [row] = (await listProjects(db)).filter((project) => project.id === "sevdah-songs");
    await updateProject(db, { id: "sevdah-songs", slug: "sevdah-love-songs" });
    try {
      for (const prefix of ["", "/de", "/bs"]) {
        const moved = await fetch(`${server.url}${prefix}/project/sevdah-songs?ref=mail`, {
          redirect: "manual",
        });
        expect([prefix, moved.status, moved.headers.get("location")]).toEqual([
          prefix,
          301,
          `${prefix}/project/sevdah-love-songs?ref=mail`,
        ]);
      }
      const page = await fetch(`${server.url}/de/project/sevdah-love-songs`);
      expect(await page.text()).toContain("Sevdah-Lieder");
    } finally {
      await updateProject(db, { id: "sevdah-songs", slug: row?.slug ?? "sevdah-songs" });
    }
  });

  it("falls back to the built-in project when the database cannot be read", async () => {
    const db = server.running.database.db;
    const { sql } = await import("drizzle-orm");
    await db.execute(sql`alter table content.projects rename to projects_away`);
    try {
      // A project no test here has opened: a page opened before may be in the page cache (a
      // renamed table announces no content change), and a stored page is served as stored.
      const response = await fetch(`${server.url}/de/project/digital-literacy`);
      expect(response.headers.get("x-page-cache")).not.toBe("hit");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Digitale Kompetenz für das Kulturerbe");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const english = await fetch(`${server.url}/project/digital-literacy`);
      expect(english.status).toBe(200);
      expect(english.headers.get("cache-control")).toBe("no-store");
      expect(await english.text()).toMatch(/<h1[^>]*>Digital Literacy for Heritage<\/h1>/);
    } finally {
      await db.execute(sql`alter table content.projects_away rename to projects`);
    }
  });

  it("has no accessibility violations", async () => {
    await expectNoAxeViolations(browser, `${server.url}/project/balkan-youth`);
    await expectNoAxeViolations(browser, `${server.url}/de/project/digital-literacy`);
  });
});
