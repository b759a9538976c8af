/**
 * Issue 19, defect 4: a page reads SEO text in its own language only. A project with an English
 * SEO title and none in German has no German SEO title (the page then uses the German project
 * title), and a German page's global SEO text is German even when only English is stored.
 */
import {
  createProject,
  defaultGlobalSeo,
  saveGlobalSeo,
  saveSiteContent,
  seedDefaultContent,
} from "@heritage/content";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listPagesHoldingPlaceholders,
  loadLegalPage,
  loadProjectPage,
  loadSiteSeo,
} from "./site-data.server";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
  await seedDefaultContent(connection.db);
});
afterAll(async () => {
  await connection.close();
});

describe("SEO text in the page's language only", () => {
  it("gives a project page no SEO title or keywords of another language", async () => {
    await createProject(connection.db, {
      id: "stari-most",
      title: "The Old Bridge",
      title_de: "Die Alte Brücke",
      category: "culture",
      seo_title: "The Old Bridge of Mostar",
      seo_description: "English SEO description",
      seo_keywords: ["bridge"],
      seo_title_bs: "Stari most u Mostaru",
    });
    const german = (await loadProjectPage(connection.db, "stari-most", "de")).project;
    expect(german).toMatchObject({
      title: "Die Alte Brücke",
      seoTitle: null,
      seoDescription: null,
      seoKeywords: [],
    });
    const bosnian = (await loadProjectPage(connection.db, "stari-most", "bs")).project;
    expect(bosnian?.seoTitle).toBe("Stari most u Mostaru");
    const english = (await loadProjectPage(connection.db, "stari-most", "en")).project;
    expect(english?.seoTitle).toBe("The Old Bridge of Mostar");
  });

  it("gives a German page the German global SEO text when only English is stored", async () => {
    await saveGlobalSeo(connection.db, {
      default_title: "English title",
      default_description: "English description",
      default_title_de: "",
      default_description_de: "",
    });
    const german = await loadSiteSeo(connection.db, "de");
    expect(german.defaultTitle).toBe(defaultGlobalSeo.default_title_de);
    expect(german.defaultDescription).toBe(defaultGlobalSeo.default_description_de);
    expect((await loadSiteSeo(connection.db, "en")).defaultTitle).toBe("English title");
  });
});

describe("pages still holding a placeholder (issue 19, defect 10)", () => {
  it("lists each language's contact, impressum and privacy page until its placeholders are replaced", async () => {
    const all = [
      "/contact",
      "/impressum",
      "/datenschutz",
      "/de/contact",
      "/de/impressum",
      "/de/datenschutz",
      "/bs/contact",
      "/bs/impressum",
      "/bs/datenschutz",
    ];
    expect([...(await listPagesHoldingPlaceholders(connection.db))].sort()).toEqual(all.sort());
    await expect(loadLegalPage(connection.db, "impressum", "de")).resolves.toMatchObject({
      holdsPlaceholder: true,
    });

    await saveSiteContent(connection.db, {
      id: "impressum",
      language: "de",
      content: { title: "Impressum", content: "<p>Sevdah e.V., Ferhadija 1, 71000 Sarajevo</p>" },
    } as Parameters<typeof saveSiteContent>[1]);
    const holding = await listPagesHoldingPlaceholders(connection.db);
    expect(holding.has("/de/impressum")).toBe(false);
    expect(holding.has("/impressum")).toBe(true);
    await expect(loadLegalPage(connection.db, "impressum", "de")).resolves.toMatchObject({
      holdsPlaceholder: false,
    });
  });
});
