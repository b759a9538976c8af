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
import { uiStrings } from "./i18n";
import { siteLanguages } from "./language";
import {
  listPagesHoldingPlaceholders,
  loadLegalPage,
  loadProjectPage,
  loadSiteSeo,
  withoutContactPlaceholders,
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

/** What no page a visitor reads may carry: the default copy's placeholders. */
const placeholderTexts = ["[", "example.org", "000 000", "facebook.com/", "instagram.com/"];

describe("placeholders are never shown to visitors (issue 33, item 3)", () => {
  // A database of its own: what a fresh install stores, placeholders and all.
  let fresh: DatabaseConnection;
  beforeAll(async () => {
    fresh = await createTestDatabase();
    await seedDefaultContent(fresh.db);
  });
  afterAll(async () => {
    await fresh.close();
  });

  for (const language of siteLanguages) {
    it(`gives the impressum and privacy page no placeholder, and a neutral line in its language (${language})`, async () => {
      const impressum = await loadLegalPage(fresh.db, "impressum", language);
      const privacy = await loadLegalPage(fresh.db, "datenschutz", language);
      for (const page of [impressum, privacy]) {
        // Still kept out of search engines: the stored copy holds placeholders.
        expect(page.holdsPlaceholder).toBe(true);
        for (const text of placeholderTexts) {
          expect(page.content).not.toContain(text);
          expect(page.description).not.toContain(text);
        }
      }
      expect(impressum.content).toContain(
        `<p><em>${uiStrings[language].legal.detailsToFollow}</em></p>`,
      );
    });
  }

  it("gives structured data no placeholder contact details or networks' home pages", async () => {
    await saveGlobalSeo(fresh.db, {
      social_facebook: "https://www.facebook.com/",
      social_instagram: "https://www.instagram.com/sevdah",
    });
    const seo = await loadSiteSeo(fresh.db, "bs");
    expect([seo.contactEmail, seo.contactPhone]).toEqual(["", ""]);
    expect(seo.social).toEqual([{ network: "Instagram", url: "https://www.instagram.com/sevdah" }]);
    await saveGlobalSeo(fresh.db, {
      contact_email: "info@sevdah.ba",
      contact_phone: "+387 33 123 456",
    });
    const replaced = await loadSiteSeo(fresh.db, "bs");
    expect([replaced.contactEmail, replaced.contactPhone]).toEqual([
      "info@sevdah.ba",
      "+387 33 123 456",
    ]);
  });

  it("leaves out contact details that are placeholders, line by line for an address", () => {
    expect(
      withoutContactPlaceholders({
        title: "Kontakt",
        email: "info@example.org",
        phone: "+387 33 123 456",
        address: "Sevdah e.V.\n[Street and number]\n71000 Sarajevo",
      }),
    ).toEqual({
      title: "Kontakt",
      email: "",
      phone: "+387 33 123 456",
      address: "Sevdah e.V.\n71000 Sarajevo",
    });
    expect(
      withoutContactPlaceholders({
        description: "D",
        email: "a@sevdah.ba",
        phone: "+387 00 000 000",
      }),
    ).toEqual({ description: "D", email: "a@sevdah.ba", phone: "" });
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
