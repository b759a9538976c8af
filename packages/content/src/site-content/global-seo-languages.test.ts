/**
 * Issue 19, defect 4: the global SEO title, description and keywords exist per language, a page
 * reads only its own language's (else the built-in default of that language), and settings kept
 * in the old content_de / content_bs columns move into the suffixed fields.
 */
import { readFileSync } from "node:fs";
import type { DatabaseConnection } from "@heritage/db";
import { createTestDatabase } from "@heritage/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteContent } from "../db/schema";
import { defaultGlobalSeo } from "./default-content";
import {
  getGlobalSeo,
  missingGlobalSeoFields,
  resolveGlobalSeo,
  type SiteContentRow,
  saveGlobalSeo,
  saveSiteContentRow,
} from "./site-content-repository";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

const rowWith = (content: unknown): SiteContentRow => ({
  id: "global-seo-settings",
  content_type: "global_seo",
  content,
  content_de: null,
  content_bs: null,
  version: 1,
  created_at: new Date(),
  updated_at: new Date(),
});

describe("global SEO per language", () => {
  it("gives each language its own text, never another language's", () => {
    const row = rowWith({
      default_title: "Sevdah Heritage: Songs of the Balkans",
      default_description: "English description",
      default_keywords: ["sevdah"],
      default_title_bs: "Sevdah baština: pjesme Balkana",
    });
    expect(resolveGlobalSeo(row, "en")).toMatchObject({
      default_title: "Sevdah Heritage: Songs of the Balkans",
      default_keywords: ["sevdah"],
    });
    // Bosnian title stored; description and keywords: the built-in Bosnian ones.
    expect(resolveGlobalSeo(row, "bs")).toMatchObject({
      default_title: "Sevdah baština: pjesme Balkana",
      default_description: defaultGlobalSeo.default_description_bs,
      default_keywords: defaultGlobalSeo.default_keywords_bs,
    });
    // Nothing German stored: the built-in German text, not the English the admin typed.
    const german = resolveGlobalSeo(row, "de");
    expect(german.default_title).toBe(defaultGlobalSeo.default_title_de);
    expect(german.default_description).toBe(defaultGlobalSeo.default_description_de);
    expect(JSON.stringify(german)).not.toContain("English description");
  });

  it("lists per language which of its own fields are not stored", () => {
    expect(
      missingGlobalSeoFields({
        default_title: "T",
        default_description: "D",
        default_keywords: ["k"],
        default_title_de: "T",
        default_description_de: " ",
        default_keywords_bs: [],
      }),
    ).toEqual({
      en: [],
      de: ["default_description", "default_keywords"],
      bs: ["default_title", "default_description", "default_keywords"],
    });
    expect(missingGlobalSeoFields(defaultGlobalSeo)).toEqual({ en: [], de: [], bs: [] });
  });

  it("saves the suffixed fields and refuses a language column on the global SEO row", async () => {
    const { db } = connection;
    await saveGlobalSeo(db, { default_title_de: "Deutscher Titel", default_keywords_de: "a, b" });
    expect((await getGlobalSeo(db))?.content).toMatchObject({
      default_title_de: "Deutscher Titel",
      default_keywords_de: ["a", "b"],
    });
    await expect(
      saveSiteContentRow(db, {
        id: "global-seo-settings",
        content_type: "global_seo",
        content_de: { default_title: "Deutscher Titel" },
      }),
    ).rejects.toThrow("keep every language in content (e.g. default_title_de)");
  });

  it("moves German and Bosnian settings kept in content_de / content_bs into content", async () => {
    const { db } = connection;
    await db.delete(siteContent).where(sql`${siteContent.content_type} = 'global_seo'`);
    await db.insert(siteContent).values({
      id: "global-seo-settings",
      content_type: "global_seo",
      content: { site_name: "Heritage", default_title: "English", default_title_bs: "Kept" },
      content_de: { default_title: "Deutsch", default_description: "", site_name: "Ignored" },
      // Stored as a JSON string, as the spec allows.
      content_bs: JSON.stringify({ default_title: "Replaced?", default_keywords: ["bs"] }),
    });
    const migration = readFileSync(
      new URL("../../drizzle/0004_global-seo-per-language.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    const row = await getGlobalSeo(db);
    expect(row?.content).toEqual({
      site_name: "Heritage",
      default_title: "English",
      default_title_de: "Deutsch",
      // A Bosnian title already in content wins; the rest of content_bs moves.
      default_title_bs: "Kept",
      default_keywords_bs: ["bs"],
    });
    expect(row?.content_de).toBeNull();
    expect(row?.content_bs).toBeNull();
  });
});
